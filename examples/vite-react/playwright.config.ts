// The app as a developer runs it (`vite dev`, the MSW worker on) and as it ships (`vite build`, then `vite preview`, where
// siret-mock's Vite plugin answers). Debian's or the system's Chromium when there is one (CHROMIUM_PATH,
// /usr/bin/chromium), else Playwright's own (`npx playwright install chromium`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** A free loopback port, found once: the test workers read the same ports from the environment they inherit. */
const FREE_PORT = "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })";
const freePort = (): string => execFileSync(process.execPath, ['-e', FREE_PORT], { encoding: 'utf8' }).trim();
process.env.DEV_PORT ??= freePort();
process.env.PREVIEW_PORT ??= freePort();

const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const server = (command: string, port: string) => ({
  command: `${command} --port ${port} --strictPort --host 127.0.0.1`,
  url: `http://127.0.0.1:${port}/`,
  timeout: 120_000,
  reuseExistingServer: false,
});

export default defineConfig({
  testDir: 'tests',
  reporter: 'list',
  timeout: 30_000,
  workers: 1,
  use: {
    browserName: 'chromium',
    launchOptions:
      chromium === undefined
        ? {}
        : { executablePath: chromium, args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'] },
  },
  webServer: [
    server('npx vite', process.env.DEV_PORT),
    server('npx vite build --logLevel warn && npx vite preview', process.env.PREVIEW_PORT),
  ],
});
