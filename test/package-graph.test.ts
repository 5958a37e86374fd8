// What each entry point loads: following the static imports of the sources from an entry (type-only imports excluded, as
// they vanish from the build), which packages does it reach? siret-mock/msw must reach msw and nothing else, so a test
// file that only wants the handlers pays for no validation library, no @msw/data and no Redis client.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** The source files and packages (bare specifiers, node: builtins included) reachable from `entry` through value imports. */
function reached(entry: string): { files: string[]; packages: string[] } {
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
  return { files: [...seen].map((file) => relative(root, file)).sort(), packages: [...packages].sort() };
}
const packagesReached = (entry: string): string[] => reached(entry).packages;

it('siret-mock/msw reaches msw only', () => {
  expect(packagesReached('mocks/index.ts')).toEqual(['msw']);
});

it('siret-mock (the core) reaches no package at all', () => {
  expect(packagesReached('src/index.ts')).toEqual([]);
});

it('@msw/data is reached only through siret-mock/msw/data, ioredis only through the Node entry, lazily', () => {
  expect(packagesReached('mocks/data.ts')).toEqual(['@msw/data']);
  expect(packagesReached('src/node/index.ts')).not.toContain('ioredis');
  expect(readFileSync(resolve(root, 'src/node/redis/optional-peer.ts'), 'utf8')).toContain("requireHere('ioredis')");
});

it('siret-mock/msw loads no module its default handlers do not use', () => {
  // Each module is a resolution, a read and a compile in every fresh process and every Vitest test file (docs/msw.md, "Cold
  // start"). The OpenAPI builder is loaded on the first request for the document; the extra fields' code and tables (NAF
  // labels, INSEE codes, La Poste labels, address lines and CEDEX, bands and signs), the profiles and the Node server belong
  // to options and entry points that the default handlers never reach.
  const { files } = reached('mocks/index.ts');
  const unwanted = files.filter((file) =>
    /openapi-document|json-schemas|fixture-fields-schema|fixture-csv|naf|edge-cases|negative-cases|long-communes|commune-codes|postal-labels|address-lines|extra-fields|company-fixtures|^src\/node\//.test(
      file,
    ),
  );
  expect(unwanted).toEqual([]);
  // The data it does need: the commune table and the word lists, read on first request (src/core/address/address.ts).
  expect(files).toEqual(expect.arrayContaining(['src/core/data/communes.ts', 'src/core/data/names.ts']));
});
