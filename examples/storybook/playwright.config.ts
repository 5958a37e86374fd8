// The built Storybook (`storybook build`) on a static server, each story opened in Chromium: Debian's or the system's when
// there is one (CHROMIUM_PATH, /usr/bin/chromium), else Playwright's own (`npx playwright install chromium`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** A free loopback port, found once: the test workers read it from the environment they inherit. */
const FREE_PORT = "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })";
process.env.STORYBOOK_PORT ??= execFileSync(process.execPath, ['-e', FREE_PORT], { encoding: 'utf8' }).trim();
const port = process.env.STORYBOOK_PORT;

const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests',
  reporter: 'list',
  timeout: 30_000,
  workers: 1,
  use: {
    browserName: 'chromium',
    baseURL: `http://127.0.0.1:${port}/`,
    launchOptions:
      chromium === undefined
        ? {}
        : { executablePath: chromium, args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'] },
  },
  webServer: {
    command: `npx storybook build --quiet --output-dir storybook-static && npx vite preview --outDir storybook-static --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}/iframe.html`,
    timeout: 300_000,
    reuseExistingServer: false,
  },
});
