#!/usr/bin/env node
// `npm run test:stress`: the long versions. Sets STRESS=1 (every suite below scales itself: 100,000 fuzzed requests,
// 20,000 malformed raw exchanges, 10,000 concurrent requests, 1,000,000 quota callers and CLI records, 5,000 slow clients)
// and runs test/stress/vitest.config.ts, which then also takes the fuzz, exactness and slow-client suites of `npm test`.
// Needs redis-server (Debian package) and a build (`npm run build`). Extra arguments go to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const config = fileURLToPath(new URL('./vitest.config.ts', import.meta.url));
const run = spawnSync(process.execPath, [vitest, 'run', '--config', config, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, STRESS: '1' },
});
process.exitCode = run.status ?? 1;
