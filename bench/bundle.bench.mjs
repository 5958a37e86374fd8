// Browser bundle size: what `createHandlers` from siret-mock/msw adds to an app's bundle (our code, the commune data,
// and @msw/data; msw itself is external because the app already has it), beside `fakerFR` alone bundled the same way,
// in the same run. Both are built by Vite (rolldown), minified, for the browser, in a temporary folder, then gzipped
// (level 9). The figure is what loads with the import (entry chunk and its static imports); lazy chunks are reported apart.
// Beside it, the floor the default records set: `generateCompanies` alone (the generator of the six default fields and
// the data it draws from), which no lazy import can take out of the handlers' bundle.
// Prints BENCH lines (unit KB, target <= 100 KB gzipped) and the heaviest modules of the mock bundle, each minified and
// gzipped alone (a module's share of the whole is a little less: gzip finds repeats across modules too).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, minifySync } from 'vite';

const BUDGET_KB = 100;
const repo = fileURLToPath(new URL('..', import.meta.url));
// A temporary folder inside node_modules/.cache, so that bare imports in the entry files resolve from the repo.
mkdirSync(join(repo, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(repo, 'node_modules/.cache/siret-mock-bundle-'));

/** Bundles one entry module for the browser and returns its code and per-module minified sizes. */
async function bundle(name, source) {
  const entry = join(work, `${name}.mjs`);
  writeFileSync(entry, source);
  const output = await build({
    configFile: false,
    root: work,
    logLevel: 'silent',
    mode: 'production',
    resolve: { conditions: ['browser', 'module', 'import', 'default'] },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: name },
      rollupOptions: { external: (id) => id === 'msw' || id.startsWith('msw/') },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  // What the app loads with the import: the entry chunk and its static imports. Chunks reached only through import()
  // (the extra fields and profiles, the OpenAPI document) load on first use and are reported apart.
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const initial = new Set();
  const visit = (chunk) => {
    if (!chunk || initial.has(chunk)) return;
    initial.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  const lazy = chunks.filter((c) => !initial.has(c));
  const measure = (list) => {
    const code = list.map((c) => c.code).join('\n');
    return {
      rawBytes: Buffer.byteLength(code),
      gzipBytes: code === '' ? 0 : gzipSync(code, { level: 9 }).length,
      gzip6Bytes: code === '' ? 0 : gzipSync(code).length,
    };
  };
  const modules = [...initial].flatMap((c) =>
    Object.entries(c.modules).map(([id, m]) => {
      const code = m.code ? minifySync(id, m.code).code : '';
      return { id, bytes: Buffer.byteLength(code), gzipBytes: code === '' ? 0 : gzipSync(code, { level: 9 }).length };
    }),
  );
  return { ...measure([...initial]), modules, lazy: measure(lazy) };
}

function groupOf(id) {
  const path = relative(repo, id.replace(/^\0/, '')).replaceAll('\\', '/');
  if (path.startsWith('src/core/data/')) return 'data tables';
  if (path.startsWith('src/') || path.startsWith('mocks/')) return 'siret-mock code';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  return pkg ?? path;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

try {
  const mocksEntry = join(repo, 'mocks/index.ts');
  const ours = await bundle('mock', `export { createHandlers } from ${JSON.stringify(mocksEntry)};\n`);
  const faker = await bundle('faker', `export { fakerFR } from '@faker-js/faker';\n`);
  const generator = await bundle(
    'generator',
    `export { generateCompanies } from ${JSON.stringify(join(repo, 'src/core/company/index.ts'))};\n`,
  );

  const groups = new Map();
  for (const m of ours.modules) if (m.bytes > 0) groups.set(groupOf(m.id), (groups.get(groupOf(m.id)) ?? 0) + m.bytes);
  const byGroup = [...groups]
    .sort((a, b) => b[1] - a[1])
    .map(([g, bytes]) => `${g} ${kb(bytes)} KB`)
    .join(', ');
  const top = [...ours.modules]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 20)
    .map((m) => `${relative(repo, m.id.replace(/^\0/, ''))} ${kb(m.gzipBytes)} KB (${kb(m.bytes)} KB minified)`);

  process.stderr.write(
    `mock bundle: ${kb(ours.rawBytes)} KB minified, ${kb(ours.gzipBytes)} KB gzipped; lazy chunks (extra fields and profiles, OpenAPI document) ${kb(ours.lazy.gzipBytes)} KB gzipped\n`,
  );
  process.stderr.write(`fakerFR alone: ${kb(faker.rawBytes)} KB minified, ${kb(faker.gzipBytes)} KB gzipped\n`);
  process.stderr.write(`generateCompanies alone: ${kb(generator.rawBytes)} KB minified, ${kb(generator.gzipBytes)} KB gzipped\n`);
  process.stderr.write(`mock bundle by package (minified, before gzip): ${byGroup}\n`);
  process.stderr.write(`heaviest modules (gzipped alone):\n  ${top.join('\n  ')}\n`);

  const sizeKb = kb(ours.gzipBytes);
  const met = sizeKb <= BUDGET_KB;
  console.log(
    `BENCH ${JSON.stringify({
      metric: 'browser mock bundle, gzipped (createHandlers, msw external)',
      ratio: sizeKb,
      unit: 'KB',
      target: `<= ${BUDGET_KB}`,
      met,
      detail: `gzip -9; ${kb(ours.gzip6Bytes)} KB at zlib's default level 6; ${kb(ours.rawBytes)} KB minified, plus ${kb(ours.lazy.gzipBytes)} KB gzipped loaded on first use (extra fields and profiles, the OpenAPI document); generateCompanies alone (the six default fields' floor) ${kb(generator.gzipBytes)} KB gzipped; fakerFR alone ${kb(faker.gzipBytes)} KB gzipped (${kb(faker.gzip6Bytes)} KB at level 6, ${kb(faker.rawBytes)} KB minified), same build; by package: ${byGroup}${met ? '' : `; OVER BUDGET, heaviest: ${top.slice(0, 5).join('; ')}`}`,
    })}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
