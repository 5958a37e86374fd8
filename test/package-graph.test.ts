// What each entry point loads: following the static imports of the sources from an entry (type-only imports excluded, as
// they vanish from the build), which packages does it reach? siret-mock/msw must reach msw and nothing else, so a test
// file that only wants the handlers pays for no validation library, no @msw/data and no Redis client.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** The packages (bare specifiers, node: builtins included) reachable from `entry` through value imports. */
function packagesReached(entry: string): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, , typeOnly, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (typeOnly !== undefined || specifier === undefined) continue;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(resolve(root, entry));
  return [...packages].sort();
}

it('siret-mock/msw reaches msw only', () => {
  expect(packagesReached('mocks/index.ts')).toEqual(['msw']);
});

it('siret-mock (the core) reaches no package at all', () => {
  expect(packagesReached('src/index.ts')).toEqual([]);
});

it('@msw/data is reached only through siret-mock/msw/data, ioredis only through the Node entry, lazily', () => {
  expect(packagesReached('mocks/data.ts')).toEqual(['@msw/data']);
  expect(packagesReached('src/node/index.ts')).not.toContain('ioredis');
  expect(readFileSync(resolve(root, 'src/node/optional-peer.ts'), 'utf8')).toContain("requireHere('ioredis')");
});
