#!/usr/bin/env bash
# The fixture toolkit as a user installs it: packs the package, installs the tarball into an empty project with
# @faker-js/faker 9 and then 10 (the optional peer), and uses siret-mock/faker, the identifiers command and the extension
# options from there.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tarball=$(npm pack --silent --pack-destination "$tmp" | tail -n 1)
mkdir "$tmp/app"
cd "$tmp/app"
npm init -y >/dev/null
npm pkg set type=module >/dev/null
cat > check.mjs <<'JS'
import assert from 'node:assert/strict';
import { faker, fakerFR } from '@faker-js/faker';
import { generateCompanyFixtures, isValidSiret } from 'siret-mock';
import { createSiretMockFaker } from 'siret-mock/faker';
const company = createSiretMockFaker(fakerFR);
const draw = () => { fakerFR.seed(42); return [company.siret(), company.vatNumber(), company.companyName(), company.address()]; };
assert.deepEqual(draw(), draw());
assert.ok(isValidSiret(draw()[0]));
assert.match(createSiretMockFaker(faker).vatNumber(), /^FR\d{11}$/);
const [record] = generateCompanyFixtures(1, { seed: 1, fields: ['vat_number', 'naf_code'], profile: 'edge-cases' });
assert.match(record.naf_code, /^\d{2}\.\d{2}[A-Z]$/);
console.log('siret-mock/faker ok with faker', (await import('@faker-js/faker/package.json', { with: { type: 'json' } })).default.version, draw()[0]);
JS
cat > check.cjs <<'JS'
// CommonJS users: the faker entry and the handler's extension options (loaded lazily) through require.
const assert = require('node:assert/strict');
const { faker } = require('@faker-js/faker');
const { fakeSiret } = require('siret-mock/faker');
const { createApp } = require('siret-mock/node');
(async () => {
  assert.match(fakeSiret(faker), /^\d{3} \d{3} \d{3} \d{5}$/);
  const app = createApp({ fields: ['vat_number', 'insee_code'], profile: 'edge-cases' });
  const body = await (await app.fetch(new Request('http://localhost/api/v1/generate?seed=1&quantity=3'))).json();
  // A micro-entrepreneur has no VAT number: the field is left out.
  assert.ok(body.data.every((r) => (r.vat_number === undefined || /^FR\d{11}$/.test(r.vat_number)) && /^(\d{5}|2[AB]\d{3})$/.test(r.insee_code) && Array.isArray(r.edge_cases)));
  console.log('CommonJS ok');
})();
JS
for major in 9 10; do
  npm install --no-audit --no-fund --silent "$tmp/$tarball" "@faker-js/faker@^$major"
  node check.mjs
  node check.cjs
done
lines=$(npx --no-install siret-mock identifiers --count 31 --seed 1 | wc -l)
test "$lines" -eq 31
echo "fixture toolkit from the tarball: ok"
