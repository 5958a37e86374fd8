// Two Vite dev servers of this app, both with the README's enableMocking(): one as a developer runs it (the MSW worker
// on), one with VITE_SIRET_MOCK=off, the set-up for tests that answer through page.route. Debian's or the system's
// Chromium when there is one (CHROMIUM_PATH, /usr/bin/chromium), else Playwright's own (`npx playwright install chromium`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** A free loopback port, found once: the test workers read the same ports from the environment they inherit. */
const FREE_PORT = "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })";
const freePort = (): string => execFileSync(process.execPath, ['-e', FREE_PORT], { encoding: 'utf8' }).trim();
process.env.MOCK_ON_PORT ??= freePort();
process.env.MOCK_OFF_PORT ??= freePort();

const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const devServer = (port: string, env: Record<string, string> = {}) => ({
  command: `npx vite --port ${port} --strictPort --host 127.0.0.1`,
  url: `http://127.0.0.1:${port}/`,
  env,
  timeout: 60_000,
  reuseExistingServer: false,
});

export default defineConfig({
  testDir: 'tests',
  reporter: 'list',
  timeout: 30_000,
  workers: 1,
  use: {
    browserName: 'chromium',
    baseURL: `http://127.0.0.1:${process.env.MOCK_OFF_PORT}/`,
    launchOptions:
      chromium === undefined
        ? {}
        : { executablePath: chromium, args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'] },
  },
  webServer: [devServer(process.env.MOCK_ON_PORT), devServer(process.env.MOCK_OFF_PORT, { VITE_SIRET_MOCK: 'off' })],
});
