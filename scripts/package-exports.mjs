// The package's entry points, one line each. `node scripts/package-exports.mjs` writes package.json's `exports` (import and
// require conditions, ESM .js/.d.ts and CommonJS .cjs/.d.cts, as tsdown.config.mjs builds every source file), `typesVersions`
// (for moduleResolution node10) and `main`/`module`/`types`; `--check` (run by `npm run lint`) fails if package.json differs.
// Adding an entry point: one line in ENTRIES (a compiled module) or FILES (a file shipped as is), then run this script.
import { readFileSync, writeFileSync } from 'node:fs';

/** subpath: [module path under dist/ without extension, conditions that resolve to null] */
const ENTRIES = {
  '.': ['src/index'],
  './msw': ['mocks/index'],
  './msw/data': ['mocks/data'],
  './msw/browser': ['mocks/browser', 'node'],
  './msw/node': ['mocks/node', 'browser'],
  './node': ['src/node/index', 'browser'],
  './faker': ['src/faker/index'],
  './vite': ['src/vite/plugin', 'browser'],
  './next': ['src/next/index', 'browser'],
};
/** subpath: a file shipped as is */
const FILES = {
  './openapi.json': './dist/openapi.json',
  './package.json': './package.json',
};

const format = (base, blocked, types, ext) => ({
  types: `./dist/${base}${types}`,
  ...(blocked === undefined ? {} : { [blocked]: null }),
  default: `./dist/${base}${ext}`,
});
const exports = {};
const typesVersions = {};
for (const [subpath, [base, blocked]] of Object.entries(ENTRIES)) {
  exports[subpath] = { import: format(base, blocked, '.d.ts', '.js'), require: format(base, blocked, '.d.cts', '.cjs') };
  if (subpath !== '.') typesVersions[subpath.slice(2)] = [`./dist/${base}.d.cts`];
}
Object.assign(exports, FILES);
// node10 ignores `exports`: typesVersions points TypeScript at the shipped files under dist/ as well.
for (const [subpath, file] of Object.entries(FILES)) if (file.startsWith('./dist/')) typesVersions[subpath.slice(2)] = [file];

const url = new URL('../package.json', import.meta.url);
const text = readFileSync(url, 'utf8');
const pkg = JSON.parse(text);
const [root] = ENTRIES['.'];
const wanted = {};
for (const [key, value] of Object.entries(pkg)) {
  if (['main', 'module', 'types', 'exports', 'typesVersions'].includes(key)) continue;
  wanted[key] = value;
  if (key === 'sideEffects') {
    Object.assign(wanted, {
      main: `./dist/${root}.cjs`,
      module: `./dist/${root}.js`,
      types: `./dist/${root}.d.cts`,
      exports,
      typesVersions: { '*': typesVersions },
    });
  }
}
const next = JSON.stringify(wanted, null, 2) + '\n';
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error('package.json exports are out of step with scripts/package-exports.mjs: run `node scripts/package-exports.mjs`');
    process.exit(1);
  }
} else if (next !== text) {
  writeFileSync(url, next);
  console.log('package.json exports updated');
}
