#!/usr/bin/env node
// Writes dist/openapi.json: the OpenAPI document a default app serves at /api/v1/openapi.json, built by the same code from the
// compiled sources (run by `npm run build` after the library build). Shipped as `siret-mock/openapi.json`.
// Usage: node scripts/build-openapi.mjs [output path]   (default dist/openapi.json)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const { resolveAppOptions } = await import(new URL('dist/src/http/app-options.js', root).href);
const { createOpenApiDocument } = await import(new URL('dist/src/http/openapi-document.js', root).href);
const { quota, maxQuantity } = resolveAppOptions();
const output = process.argv[2] ?? fileURLToPath(new URL('dist/openapi.json', root));
writeFileSync(output, `${JSON.stringify(createOpenApiDocument({ quota, maxQuantity }), null, 2)}\n`);
process.stdout.write(`wrote ${output}\n`);
