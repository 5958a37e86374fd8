import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/processes.js';

// The demo's committed mockServiceWorker.js must be the one of the installed msw: a worker from another msw version makes
// the page warn or fail to intercept. `npm run demo:worker` regenerates it (msw's own postinstall also does, through
// "msw.workerDirectory" in package.json).
describe('demo/public/mockServiceWorker.js', () => {
  it('is the worker script shipped by the installed msw', () => {
    const require = createRequire(join(REPO_ROOT, 'package.json'));
    const mswVersion = (require('msw/package.json') as { version: string }).version;
    const committed = readFileSync(join(REPO_ROOT, 'demo/public/mockServiceWorker.js'), 'utf8');
    const installed = readFileSync(join(REPO_ROOT, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8');
    expect(/const PACKAGE_VERSION = '([^']+)'/.exec(committed)?.[1], 'run `npm run demo:worker` and commit the result').toBe(mswVersion);
    expect(committed === installed, 'run `npm run demo:worker` and commit the result').toBe(true);
  });
});
