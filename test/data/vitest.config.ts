import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:acceptance`: the slow data checks (100,000 records of several seeds), kept out of the default `npm test`,
// whose node project excludes *.acceptance.test.ts.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'acceptance',
    environment: 'node',
    include: ['test/**/*.acceptance.test.ts'],
    testTimeout: 120_000,
  },
});
