#!/usr/bin/env node
// Counts, per rule, the records the French reader's rules on place stop at (test/support/place-rules.ts: shop signs,
// landmarks, CEDEX, La Poste's label, street numbering, farms, La Réunion's surnames), and the regional shares they
// leave: La Réunion's records carrying its surnames, Île-de-France's share of records.
// Usage: node --import tsx scripts/place-report.mjs [COUNT] [SEED...]  (every extra field on; default 100000 records of 1 7 42)
import { createCompanyFixtureStream, EXTRA_FIELDS } from '../src/index.ts';
import { placeViolations, reunionSurname } from '../test/support/place-rules.ts';
import { communeOfPair } from '../test/support/register.ts';

const [count = '100000', ...seeds] = process.argv.slice(2);
const ILE_DE_FRANCE = new Set(['75', '77', '78', '91', '92', '93', '94', '95']);
for (const seed of seeds.length > 0 ? seeds : ['1', '7', '42']) {
  const stream = createCompanyFixtureStream({ seed: Number(seed), fields: [...EXTRA_FIELDS] });
  const byRule = new Map();
  let broken = 0;
  let reunion = 0;
  let reunionLocal = 0;
  let ileDeFrance = 0;
  for (let i = 0; i < Number(count); i++) {
    const record = stream.next();
    const rules = placeViolations(record);
    if (rules.length > 0) broken++;
    for (const rule of rules) {
      const entry = byRule.get(rule);
      if (entry) entry.count++;
      else byRule.set(rule, { count: 1, example: record });
    }
    const { inReunion, local } = reunionSurname(record);
    if (inReunion) {
      reunion++;
      if (local) reunionLocal++;
    }
    if (ILE_DE_FRANCE.has(communeOfPair(record.city.normalize('NFC'), record.postcode)?.departement)) ileDeFrance++;
  }
  const percent = (n, of = Number(count)) => `${((100 * n) / of).toFixed(2)}%`;
  console.log(`seed ${seed}, ${count} records with every extra field: ${broken} break a rule on place (${percent(broken)})`);
  for (const [rule, { count: n, example }] of [...byRule].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`${String(n).padStart(7)} ${percent(n).padStart(7)}  ${rule}\n          e.g. ${JSON.stringify(example).slice(0, 400)}`);
  }
  console.log(`  La Réunion: ${reunion} records, ${reunionLocal} with one of its surnames (${percent(reunionLocal, reunion || 1)})`);
  console.log(`  Île-de-France: ${percent(ileDeFrance)} of records`);
}
