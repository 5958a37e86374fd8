import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// `.ci/stress.sh` and `npm run test:stress`: the stress suites kept out of `npm test` because they need a real redis-server
// (started by the tests on a free loopback port), the built CLI (dist/) or a Node flag. STRESS=1 scales them to the long
// versions. Sibling of test/services/vitest.config.ts, which it does not change.
const STRESS = process.env.STRESS === '1';

const config: ViteUserConfig = defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'stress',
    environment: 'node',
    // Under STRESS=1 (`npm run test:stress`) the fuzz, exactness and slow-client suites of `npm test` run here too, scaled up.
    include: [
      'test/stress/**/*.test.ts',
      ...(STRESS ? ['test/fuzz/**/*.test.ts', 'test/exactness*.test.ts', 'test/slow-clients*.test.ts'] : []),
    ],
    testTimeout: STRESS ? 1_200_000 : 60_000,
    hookTimeout: 30_000,
    // Memory and concurrency figures are only meaningful one file at a time on two cores.
    fileParallelism: false,
  },
});

export default config;
