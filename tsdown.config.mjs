// @ts-check
import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsdown';

// The library build, twice: ESM (.js + .d.ts) and CommonJS (.cjs + .d.cts), the way msw ships. One bundle per entry point of
// package.json (its `exports` and `bin`, so a new entry point needs no change here: add its line to
// scripts/package-exports.mjs), written at the entry's own path (dist/mocks/index.js, dist/src/node/cli.js), with the code
// that several entry points share split into chunks under dist/chunks/. An entry point loads only the chunks it reaches,
// and few files: `siret-mock/msw` is a dozen modules rather than 36, each costing a fresh process (and each Vitest test file)
// a resolution, a read and a compile (docs/msw.md, "Cold start"). Shared code is never copied into two entry points, so
// a class or a module-level table is one object whatever entry points a program imports. Dependencies stay external.
const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const entry = {};
for (const target of [...Object.values(manifest.exports), ...Object.values(manifest.bin)]) {
  const file = typeof target === 'string' ? target : target.import.default;
  const built = /^\.\/dist\/(.+)\.js$/.exec(file);
  if (built) entry[built[1]] = `${built[1]}.ts`;
}
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
  outputOptions: (options) => ({ ...options, chunkFileNames: inChunks(options.chunkFileNames) }),
  checks: { pluginTimings: false },
});
