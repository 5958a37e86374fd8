// A throw-away consumer project for the cold-start benches: a folder whose node_modules holds a copy of the package as
// npm would install it (package.json and the built dist/ library, so `siret-mock/msw` resolves through the exports map and
// sits under node_modules, where test runners treat it as a dependency), and links to the repository's own copies of msw,
// vitest and the package's runtime dependencies (same real paths, so both sides of a bench load the same files).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('../..', import.meta.url));

/** Creates the project with `files` ({ relative path: text }); returns its folder and a `remove()`. */
export function consumerProject(files) {
  const dir = mkdtempSync(join(tmpdir(), 'siret-mock-consumer-'));
  mkdirSync(join(dir, 'node_modules'));
  const installed = join(dir, 'node_modules/siret-mock');
  mkdirSync(installed);
  cpSync(join(repo, 'package.json'), join(installed, 'package.json'));
  for (const part of ['dist/src', 'dist/mocks', 'dist/_virtual']) cpSync(join(repo, part), join(installed, part), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  for (const name of ['msw', 'vitest', ...Object.keys(manifest.dependencies ?? {})]) {
    const link = join(dir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(repo, 'node_modules', name), link, 'dir');
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
