// @ts-check
import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig } from 'tsdown';

// The library build, twice: ESM (.js + .d.ts) and CommonJS (.cjs + .d.cts), the way msw ships. One bundle per entry point of
// package.json (its `exports` and `bin`, so a new entry point needs no change here: add its line to
// scripts/package-exports.mjs), written at the entry's own path (dist/mocks/index.js, dist/src/node/cli.js), with the code
// that several entry points share split into chunks under dist/chunks/. Few files: each costs a fresh process (and each
// Vitest test file) a resolution, a read and a compile, and `siret-mock/msw` loads four rather than the 36 of a one-to-one
// build (docs/msw.md, "Performance"). Shared code is never copied into two entry points, so a class or a module-level
// table is one object whatever entry points a program imports. Dependencies stay external.
const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const entry = {};
for (const target of [...Object.values(manifest.exports), ...Object.values(manifest.bin)]) {
  const file = typeof target === 'string' ? target : target.import.default;
  // npm writes bin paths without their "./" when it edits package.json (npm install <name>): both forms count.
  const built = /^(?:\.\/)?dist\/(.+)\.js$/.exec(file);
  if (built) entry[built[1]] = `${built[1]}.ts`;
}
// The source modules siret-mock/msw reaches through value imports (type-only imports vanish from the build), mocks/ aside
// (they import msw, which the core entry must not load), go in one chunk, "service". The other entry points load it whole
// when they need part of it: the core entry parses the fetch handler's ~30 KB with the generator it wants, a smaller cost
// than the files it saves the MSW handlers. test/package-graph.test.ts keeps opt-in code off this graph.
const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const reached = new Set();
const visit = (file) => {
  if (reached.has(file)) return;
  reached.add(file);
  for (const [, , typeOnly, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (typeOnly === undefined && specifier.startsWith('.'))
      visit(fileURLToPath(new URL(specifier.replace(/\.js$/, '.ts'), pathToFileURL(file))));
  }
};
visit(fileURLToPath(new URL('mocks/index.ts', import.meta.url)));
const service = [...reached].filter((file) => !file.includes(`${sep}mocks${sep}`));

/** Puts shared chunks under chunks/, keeping the name tsdown gives them (and its extension per format). */
const inChunks = (names) => (typeof names === 'function' ? (chunk) => `chunks/${names(chunk)}` : `chunks/${names ?? '[name]-[hash].js'}`);

export default defineConfig({
  entry,
  root: '.',
  outDir: 'dist',
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'es2022',
  fixedExtension: false,
  dts: true,
  // import.meta.url in CommonJS output (the server finds the demo files next to itself).
  shims: true,
  clean: false,
  sourcemap: false,
  exports: false,
  report: false,
  outputOptions: (options) => ({
    ...options,
    chunkFileNames: inChunks(options.chunkFileNames),
    codeSplitting: { groups: [{ name: 'service', test: (id) => service.includes(id) }] },
  }),
  checks: { pluginTimings: false },
});
