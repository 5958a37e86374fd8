// @ts-check
import { defineConfig } from 'tsdown';

// The library build: every source file of src/ and mocks/ compiled one to one (no bundling, so dist/ mirrors the sources and
// a module is loaded only when something imports it), twice: ESM (.js + .d.ts) and CommonJS (.cjs + .d.cts), the way msw
// ships. Dependencies stay external. A new entry point needs no change here (every source file is built): add its block
// to `exports` in package.json.
export default defineConfig({
  entry: ['src/**/*.ts', 'mocks/**/*.ts', '!**/*.test.ts'],
  unbundle: true,
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
  checks: { pluginTimings: false },
});
