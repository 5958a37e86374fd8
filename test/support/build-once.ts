// Vitest global setup of `npm test`: a few suites test what the build made (the server's demo files, the import graph of
// the built package). `npm install` builds dist/ (npm's `dependencies` script); this builds it again only when it is missing or
// older than a source file, so `npm test` never asks for a hand build and never tests a stale one.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// One output of each build step: tsdown's (the MSW entry) and vite's (the demo page).
const OUTPUTS = ['dist/mocks/index.js', 'dist/demo/index.html'].map((path) => join(ROOT, path));
const SOURCES = ['src', 'mocks', 'demo', 'scripts', 'package.json', 'tsdown.config.mjs', 'vite.config.ts'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return path.includes('.test.') ? 0 : stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), 0);
}

export default function setup(): void {
  // A partial copy of the repository (.ci/msw3.sh runs the MSW suites from one) has nothing to build and tests no build.
  if (!SOURCES.every((path) => existsSync(join(ROOT, path)))) return;
  const built = OUTPUTS.every((path) => existsSync(path)) ? Math.min(...OUTPUTS.map((path) => statSync(path).mtimeMs)) : 0;
  const changed = Math.max(...SOURCES.map((path) => newestChange(join(ROOT, path))));
  if (built >= changed) return;
  process.stderr.write(built === 0 ? 'dist/ is missing: npm run build\n' : 'sources changed since the last build: npm run build\n');
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
