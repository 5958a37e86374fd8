// What a fresh process loads from the built package for `import('siret-mock/msw')`: few files (each is a resolution, a read
// and a compile in every process and every Vitest test file), and none holding code the default handlers do not use. The
// source-graph test (package-graph.test.ts) checks the sources; this one checks what tsdown.config.mjs made of them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}dist/mocks/index.js`)) throw new Error('dist/ is missing (test/support/build-once.ts builds it before the run)');

// A loader hook that reports every file the import loads from dist/ on stderr. Hooks run on their own thread, whose
// asynchronous process.stderr writes can be lost when the main thread exits first: a synchronous write cannot.
const HOOKS = `import { writeSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.includes('/dist/')) writeSync(2, 'LOADED ' + url + '\\n');
  return next(url, context);
}`;
const SCRIPT = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));
await import('siret-mock/msw');`;

/** The files of dist/ that `import('siret-mock/msw')` loads in a fresh process (the package resolves itself by name). */
function loadedFiles(): string[] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`import failed (${run.status}): ${run.stderr}`);
  const dist = `${root}dist/`;
  return [...run.stderr.matchAll(/^LOADED (\S+)$/gm)]
    .map(([, url]) => fileURLToPath(url as string))
    .filter((file) => file.startsWith(dist));
}

it('loads siret-mock/msw from a handful of files, with none of the opt-in code in them', () => {
  const files = loadedFiles();
  expect(files.map((file) => file.slice(root.length)).sort()).toContain('dist/mocks/index.js');
  // Four today (the entry, the handlers, the records schema, the service chunk); a one-to-one build would be 36.
  expect(files.length).toBeLessThanOrEqual(5);
  // The bundler marks each source module it inlines with a "// src/..." line.
  const modules = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^\/\/ ((?:src|mocks)\/\S+\.ts)$/gm)].map(([, m]) => m));
  expect(modules).toEqual(expect.arrayContaining(['src/core/data/communes.ts', 'src/core/address/address.ts', 'mocks/create-handlers.ts']));
  const optIn = modules.filter((m) =>
    /openapi-document|json-schemas|fixture-fields-schema|fixture-csv|naf|edge-cases|negative-cases|long-communes|commune-codes|postal-labels|address-lines|extra-fields|company-fixtures|^src\/node\//.test(
      m as string,
    ),
  );
  expect(optIn).toEqual([]);
});
