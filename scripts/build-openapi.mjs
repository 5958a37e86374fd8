#!/usr/bin/env node
// Writes dist/openapi.json: the OpenAPI document a default app serves at /api/v1/openapi.json, asked of the built package's
// own app (run by `npm run build` after the library build), so the shipped file and the served document are one. Shipped as
// `siret-mock/openapi.json`.
// Usage: node scripts/build-openapi.mjs [output path]   (default dist/openapi.json)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const { createApp } = await import(new URL('dist/src/node/index.js', root).href);
const response = await createApp().fetch(new Request('http://localhost/api/v1/openapi.json'));
if (response.status !== 200) throw new Error(`the app answered ${response.status} for its OpenAPI document: ${await response.text()}`);
const output = process.argv[2] ?? fileURLToPath(new URL('dist/openapi.json', root));
writeFileSync(output, `${JSON.stringify(await response.json(), null, 2)}\n`);
process.stdout.write(`wrote ${output}\n`);
