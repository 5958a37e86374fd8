#!/usr/bin/env node
// Derives src/core/data/communes.ts from the official commune register shipped in the npm package
// @etalab/decoupage-administratif (data: Licence Ouverte 2.0 / Etalab Open Licence 2.0).
//
// The full register is 8.6 MB, too big for a browser bundle. We keep every commune of at least KEEP_ALL inhabitants, and a
// representative sample of the smaller ones: within each stratum (département x size class) every STEP-th commune in code
// order, its population scaled so that the stratum keeps its whole population. Draws by weight then keep each département's
// share and each size class's share of the population (villages included), while the table stays a few thousand lines.
// Paris, Lyon and Marseille are split into their arrondissements so that each arrondissement postcode is drawn in proportion
// to its own population while the city name stays "Paris", "Lyon" or "Marseille".
// Usage: node scripts/build-communes.mjs  (run again when the package is upgraded; the test suite re-checks every pair)
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const KEEP_ALL = 5000;
// Size classes below KEEP_ALL and the sampling step in each (one commune in STEP kept).
const CLASSES = [
  { min: 2000, step: 6 },
  { min: 1000, step: 10 },
  { min: 500, step: 14 },
  { min: 0, step: 20 },
];
const require = createRequire(import.meta.url);
const pkg = require('@etalab/decoupage-administratif/package.json');
const communes = require('@etalab/decoupage-administratif/data/communes.json');

// Metropolitan France and the overseas departments (DROM); the overseas collectivities (COM) have their own registers.
const current = communes.filter((c) => c.type === 'commune-actuelle' && c.zone !== 'com' && c.population > 0 && c.codesPostaux?.length);
const byCode = new Map(current.map((c) => [c.code, c]));
const total = current.reduce((sum, c) => sum + c.population, 0);

// Split the three cities with municipal arrondissements; the arrondissements carry their own population and postcodes.
const units = [];
for (const c of current) units.push({ name: c.nom, postcodes: c.codesPostaux, population: c.population, code: c.code });
for (const a of communes.filter((c) => c.type === 'arrondissement-municipal')) {
  const parent = byCode.get(a.commune);
  if (!parent || !a.population || !a.codesPostaux?.length) continue;
  units.push({ name: parent.nom, postcodes: a.codesPostaux, population: a.population, code: a.code, parent: parent.code });
}
const split = new Set(units.filter((u) => u.parent).map((u) => u.parent));
const candidates = units.filter((u) => !split.has(u.code));
// Population first; the INSEE code breaks ties so the table is the same on every run.
candidates.sort((a, b) => b.population - a.population || (a.code < b.code ? -1 : 1));

const departementOf = (u) => byCode.get(u.parent ?? u.code)?.departement ?? u.code.slice(0, 2);
const kept = [];
const strata = new Map();
for (const u of candidates) {
  if (u.population >= KEEP_ALL || u.parent) {
    kept.push({ ...u, weight: u.population });
    continue;
  }
  const size = CLASSES.findIndex((c) => u.population >= c.min);
  const key = `${departementOf(u)}|${size}`;
  if (!strata.has(key)) strata.set(key, { step: CLASSES[size].step, members: [] });
  strata.get(key).members.push(u);
}
for (const { step, members } of strata.values()) {
  members.sort((a, b) => (a.code < b.code ? -1 : 1));
  // Every step-th member, starting in the middle of the first step, and at least one per stratum.
  const chosen = members.filter((_, i) => i % step === Math.min(step >> 1, members.length - 1));
  const population = members.reduce((sum, u) => sum + u.population, 0);
  const sampled = chosen.reduce((sum, u) => sum + u.population, 0);
  for (const u of chosen) kept.push({ ...u, weight: (u.population * population) / sampled, village: true });
}
const covered = kept.reduce((sum, u) => sum + u.population, 0);
// Postcode order compresses best and reads naturally; code breaks ties.
kept.sort((a, b) => (a.postcodes[0] < b.postcodes[0] ? -1 : a.postcodes[0] > b.postcodes[0] ? 1 : a.code < b.code ? -1 : 1));

// Line format, chosen to gzip small in the browser bundle (it is most of the mock's weight):
//   weight;name;postcodes      (weight prefixed with "." for a village: a sampled commune under KEEP_ALL inhabitants)
// weight = population represented, in tens (at least 1), base 36. postcodes = the first postcode as the base-36 difference from the
// previous line's first postcode (lines are sorted by it), then any further postcodes as base-36 offsets from the first.
// Postcode deltas instead of full codes save about 8 KB gzipped.
let previous = 0;
const lines = kept.map((u) => {
  const codes = [...u.postcodes].sort().map(Number);
  const first = codes[0];
  const encoded = [(first - previous).toString(36), ...codes.slice(1).map((c) => (c - first).toString(36))];
  previous = first;
  return `${u.village ? '.' : ''}${Math.max(1, Math.round(u.weight / 10)).toString(36)};${u.name};${encoded.join(',')}`;
});
const out = `// Generated by scripts/build-communes.mjs from @etalab/decoupage-administratif ${pkg.version}. Do not edit by hand.
// Source: official French commune register (INSEE/La Poste via Etalab), licensed under the Licence Ouverte 2.0
// (Etalab Open Licence 2.0, https://www.etalab.gouv.fr/licence-ouverte-open-licence).
// ${kept.length} current communes (Paris, Lyon and Marseille by arrondissement): all of ${KEEP_ALL} inhabitants or more, and a
// sample of the smaller ones standing for the population of their département and size class (${total} inhabitants in all).
// Format: see scripts/build-communes.mjs; decoded by loadCommunes() in address.ts.

/** Inhabitants of the communes listed, and the register's total (which the weights represent). */
export const COMMUNES_COVERAGE = { covered: ${covered}, total: ${total} } as const;

/** Compact commune table; parse with \`loadCommunes()\`. */
export const COMMUNES_TABLE: string =
  "${lines.join('\\n')}";
`;
writeFileSync(fileURLToPath(new URL('../src/core/data/communes.ts', import.meta.url)), out);
console.log(`wrote ${kept.length} communes (${((100 * covered) / total).toFixed(2)}% of ${total} inhabitants listed, all represented)`);
