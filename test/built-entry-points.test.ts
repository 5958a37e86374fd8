// The built package as Node loads it, each entry point in a fresh process as ESM and as CommonJS: loading one (and asking
// the app for its lazily loaded OpenAPI document) prints nothing. A module shared by the CLI entry and a library chunk
// once got bundled into the CLI entry, and importing siret-mock/node then ran the CLI. And the bin is built and runs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = [
  'siret-mock',
  'siret-mock/msw',
  'siret-mock/msw/node',
  'siret-mock/node',
  'siret-mock/faker',
  'siret-mock/vite',
  'siret-mock/next',
];
const OPENAPI = `(await node.createApp().fetch(new Request('http://localhost/api/v1/openapi.json'))).status`;

it.each([
  [
    'ESM',
    [
      '--input-type=module',
      '-e',
      `${ENTRIES.map((e, i) => `import * as e${i} from '${e}';`).join('')} const node = e3; if (${OPENAPI} !== 200) process.exit(3);`,
    ],
  ],
  [
    'CommonJS',
    [
      '-e',
      `(async () => { const [node] = [${ENTRIES.map((e) => `require('${e}')`).join(', ')}].slice(3); if (${OPENAPI} !== 200) process.exit(3); })();`,
    ],
  ],
])('loads every Node entry point as %s without printing anything', (_kind, args) => {
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
});

it("builds the package's bin, which answers --version", () => {
  const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string; bin: Record<string, string> };
  const run = spawnSync(process.execPath, [manifest.bin['siret-mock'] as string, '--version'], { cwd: root, encoding: 'utf8' });
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
    status: 0,
    stdout: `${manifest.version}\n`,
    stderr: '',
  });
});
