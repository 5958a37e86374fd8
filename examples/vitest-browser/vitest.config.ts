// Vitest browser mode: the tests run in headless Chromium, Debian's or the system's when there is one (CHROMIUM_PATH,
// /usr/bin/chromium), else Playwright's own (`npx playwright install chromium`). MSW's worker script is served from
// public/ (msw's install script copies it there: package.json's msw.workerDirectory).
import { existsSync } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  test: {
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: chromium === undefined ? {} : { executablePath: chromium } }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
