import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// `npm run test:e2e`: real Chromium (Debian's /usr/bin/chromium driven by playwright-core) against the demo page, the
// built CLI server and a Vite dev server. Kept out of `npm test` because it needs the browser and a build.
const config: ViteUserConfig = defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser-heavy file at a time on a two-core machine.
    fileParallelism: false,
  },
});

export default config;
