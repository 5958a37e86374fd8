import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `.ci/stress.sh` and `npm run test:stress`: the stress suites kept out of `npm test` because they need a real redis-server
// (started by the tests on a free loopback port), the built CLI (dist/) or a Node flag. STRESS=1 scales them to the long
// versions. Sibling of test/services/vitest.config.ts, which it does not change.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'stress',
    environment: 'node',
    include: ['test/stress/**/*.test.ts'],
    testTimeout: process.env.STRESS === '1' ? 600_000 : 60_000,
    hookTimeout: 30_000,
    // Memory and concurrency figures are only meaningful one file at a time on two cores.
    fileParallelism: false,
  },
});
