import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// `npm run test:services`: tests that need a real redis-server (started by the tests themselves on a free loopback port).
// Kept out of the default `npm test`, whose projects exclude test/services.
const config: ViteUserConfig = defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'services',
    environment: 'node',
    include: ['test/services/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each file starts its own redis-server and server processes; two cores are enough for one file at a time.
    fileParallelism: false,
  },
});

export default config;
