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
// Each line also says what an address there may hold: the commune's size class (avenues, boulevards and house numbers
// follow it), whether it is on the coast (scripts/data/coastal-communes.mjs, written by hand), and its intercommunality
// (EPCI, from the same package's epci.json): roads are named after another commune of the same EPCI, a neighbour.
// A second file, commune-codes.ts, holds each line's INSEE code (the arrondissement's for Paris, Lyon and Marseille), read
// only when a record asks for `insee_code`.
// Usage: node scripts/build-communes.mjs  (run again when the package is upgraded; the test suite re-checks every pair)
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COASTAL_COMMUNES } from './data/coastal-communes.mjs';

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
const epcis = require('@etalab/decoupage-administratif/data/epci.json');

// Metropolitan France, the overseas departments (DROM) and the three overseas collectivities that SIRENE covers:
// Saint-Pierre-et-Miquelon (975), Saint-Barthélemy (977) and Saint-Martin (978). French Polynesia, New Caledonia and Wallis
// and Futuna keep registers of their own.
const SIRENE_COLLECTIVITIES = new Set(['975', '977', '978']);
const current = communes.filter(
  (c) =>
    c.type === 'commune-actuelle' &&
    (c.zone !== 'com' || SIRENE_COLLECTIVITIES.has(c.departement)) &&
    c.population > 0 &&
    c.codesPostaux?.length,
);
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
  for (const u of chosen) kept.push({ ...u, weight: (u.population * population) / sampled });
}
const covered = kept.reduce((sum, u) => sum + u.population, 0);
// Postcode order compresses best and reads naturally; code breaks ties.
kept.sort((a, b) => (a.postcodes[0] < b.postcodes[0] ? -1 : a.postcodes[0] > b.postcodes[0] ? 1 : a.code < b.code ? -1 : 1));

const coastal = new Set(COASTAL_COMMUNES);
for (const key of coastal) {
  const [departement, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (!current.some((c) => c.departement === departement && c.nom === name)) throw new Error(`coastal commune not in the register: ${key}`);
}
const commune = (u) => byCode.get(u.parent ?? u.code);
// Size class: 0 under 2,000 inhabitants, 1 under 5,000, 2 under 20,000, 3 under 100,000, 4 from 100,000 (a city split into
// arrondissements counts whole).
const sizeClass = (u) => {
  const population = commune(u).population;
  return population < 2000 ? 0 : population < 5000 ? 1 : population < 20000 ? 2 : population < 100000 ? 3 : 4;
};
// Intercommunalities, numbered from 1 in order of first appearance in the table (0: none, four islands and the collectivities).
const epciOf = new Map();
for (const e of epcis) for (const m of e.membres) epciOf.set(m.code, e);
const groupOf = new Map();
const groups = kept.map((u) => {
  const e = epciOf.get(commune(u).code);
  if (!e) return 0;
  if (!groupOf.has(e.code)) groupOf.set(e.code, groupOf.size + 1);
  return groupOf.get(e.code);
});
// A commune alone of its EPCI in the table still has neighbours: the EPCI's most populous other members in its département
// (the bourgs that roads are named after), listed apart. They are never drawn as a record's commune.
const keptNames = new Set(kept.map((u) => u.name));
const membersInTable = new Map();
groups.forEach((g) => membersInTable.set(g, (membersInTable.get(g) ?? 0) + 1));
const extraNames = [];
kept.forEach((u, i) => {
  const g = groups[i];
  if (g === 0 || membersInTable.get(g) > 1) return;
  const e = epciOf.get(commune(u).code);
  const others = e.membres
    .map((m) => byCode.get(m.code))
    .filter((c) => c && c.code !== commune(u).code && c.departement === commune(u).departement && !keptNames.has(c.nom))
    .sort((a, b) => b.population - a.population || (a.code < b.code ? -1 : 1))
    .slice(0, 2);
  for (const c of others) extraNames.push(`${g.toString(36)};${c.nom}`);
});

// Line format, chosen to gzip small in the browser bundle (it is most of the mock's weight):
//   [class][~]weight;name;postcodes[;epci]
// class: "." under 2,000 inhabitants, ":" 2,000-4,999, "^" an arrondissement of a city of 100,000 or more, nothing for the
// others (their weight gives their size); "~" a coastal commune; epci: the intercommunality, left out for none, as its
// rank in base 36 among the EPCIs met so far, most recent first (move-to-front: neighbouring lines share a few EPCIs, so
// the ranks are small); a rank equal to the number met so far is a new EPCI, numbered next from 1.
// weight = population represented, in tens (at least 1), base 36. postcodes = the first postcode as the base-36 difference from the
// previous line's first postcode (lines are sorted by it), then any further postcodes as base-36 offsets from the first.
// Postcode deltas instead of full codes save about 8 KB gzipped.
let previous = 0;
const recent = [];
const epciField = (g) => {
  if (g === 0) return '';
  let rank = recent.indexOf(g);
  if (rank === -1) {
    if (g !== recent.length + 1) throw new Error('EPCIs are numbered in order of first appearance');
    rank = recent.length;
  } else recent.splice(rank, 1);
  recent.unshift(g);
  return ';' + rank.toString(36);
};
const lines = kept.map((u, i) => {
  const codes = [...u.postcodes].sort().map(Number);
  const first = codes[0];
  const encoded = [(first - previous).toString(36), ...codes.slice(1).map((c) => (c - first).toString(36))];
  previous = first;
  const size = sizeClass(u);
  const mark = size === 0 ? '.' : size === 1 ? ':' : u.parent ? '^' : '';
  const weight = Math.max(1, Math.round(u.weight / 10));
  // A whole commune's weight is its population in tens: its class must read back from it.
  if (mark === '' && (weight * 10 < 5000 || (size === 2) !== weight * 10 < 20000 || (size === 4) !== weight * 10 >= 100000)) {
    throw new Error(`${u.name}: weight ${weight} does not give size class ${size}`);
  }
  const flags = mark + (coastal.has(`${commune(u).departement}:${commune(u).nom}`) ? '~' : '');
  return `${flags}${weight.toString(36)};${u.name};${encoded.join(',')}${epciField(groups[i])}`;
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

/**
 * Communes named by roads of a commune alone of its intercommunality in the table ("epci;name" lines, epci in base 36);
 * never drawn as a record's commune.
 */
export const NEIGHBOUR_NAMES: string =
  "${extraNames.join('\\n')}";
`;
writeFileSync(fileURLToPath(new URL('../src/core/data/communes.ts', import.meta.url)), out);

// INSEE codes, line by line: the three digits after the département when the code's département is the one the first
// postcode gives (departementOfPostcode in address.ts), the whole code otherwise (Corsica's 2A/2B, the collectivities,
// communes whose post office is across a border).
const departementOfPostcode = (postcode) => (postcode.startsWith('97') ? postcode.slice(0, 3) : postcode.slice(0, 2));
const codes = kept.map((u) => {
  const first = [...u.postcodes].sort()[0];
  const prefix = departementOfPostcode(first);
  return u.code.startsWith(prefix) && u.code.length - prefix.length === 3 && prefix.length === 2 ? u.code.slice(2) : u.code;
});
// Ordinary postcodes that do not end in 0 (most do): a CEDEX code, which ends in another digit, must be none of them.
const unround = [
  ...new Set(communes.filter((c) => c.type !== 'commune-deleguee' && c.type !== 'commune-associee').flatMap((c) => c.codesPostaux ?? [])),
]
  .filter((postcode) => !postcode.endsWith('0'))
  .sort();
writeFileSync(
  fileURLToPath(new URL('../src/core/data/commune-codes.ts', import.meta.url)),
  `// Generated by scripts/build-communes.mjs from @etalab/decoupage-administratif ${pkg.version} (Licence Ouverte 2.0). Do not
// edit by hand. Read only for the extra fields (\`insee_code\`, \`cedex\`).

/**
 * The INSEE code of each line of COMMUNES_TABLE, in the same order, separated by ",": three digits after the département
 * of the line's first postcode, or the whole code.
 */
export const COMMUNE_CODES: string = "${codes.join(',')}";

/** Every ordinary postcode of the register that does not end in 0, separated by ",". */
export const UNROUND_POSTCODES: string = "${unround.join(',')}";
`,
);
console.log(
  `wrote ${kept.length} communes (${((100 * covered) / total).toFixed(2)}% of ${total} inhabitants listed, all represented), ` +
    `${groupOf.size} EPCIs, ${extraNames.length} neighbour names, ${kept.filter((u) => coastal.has(`${commune(u).departement}:${commune(u).nom}`)).length} coastal lines`,
);
