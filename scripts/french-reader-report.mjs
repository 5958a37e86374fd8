#!/usr/bin/env node
// Counts the records the French reader checker stops at (test/support/french-reader.ts), by rule, with an example each.
// Usage: node --import tsx scripts/french-reader-report.mjs SEED [COUNT] [PROFILE] [--no-fields]
//   every extra field is on unless --no-fields; PROFILE is default, edge-cases or negative (the last breaks rules on purpose).
import { createCompanyFixtureStream, EXTRA_FIELDS } from '../src/index.ts';
import { checkRecords } from '../test/support/french-reader.ts';

const [seed = '1', count = '100000', profile = 'default'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const fields = process.argv.includes('--no-fields') ? [] : [...EXTRA_FIELDS];
const stream = createCompanyFixtureStream({ seed: Number(seed), fields, profile });
const records = Array.from({ length: Number(count) }, () => stream.next());
const { total, broken, byRule } = checkRecords(records);
const percent = (n) => `${((100 * n) / records.length).toFixed(2)}%`;
console.log(
  `seed ${seed}, ${records.length} ${profile} records, ${fields.length} extra fields: ${broken} break a rule (${percent(broken)}), ${total} violations`,
);
for (const [rule, { count: n, example }] of [...byRule].sort((a, b) => b[1].count - a[1].count)) {
  console.log(`${String(n).padStart(7)} ${percent(n).padStart(7)}  ${rule}\n          e.g. ${JSON.stringify(example).slice(0, 300)}`);
}

// Shares a rule cannot hold record by record: employee band 00 (staff during the year, none on 31 December) overall, for
// SCIs and for holdings; the spread of the cessation dates over the years.
if (fields.length > 0) {
  const band00 = (subset) => `${((100 * subset.filter((r) => r.employee_band === '00').length) / Math.max(subset.length, 1)).toFixed(2)}%`;
  const sci = records.filter((r) => r.legal_form === 'SCI');
  const holdings = records.filter((r) => r.naf_code === '64.20Z');
  console.log(`employee band 00: ${band00(records)} of records, ${band00(sci)} of SCIs, ${band00(holdings)} of holdings`);
  const years = records
    .filter((r) => r.status === 'ceased')
    .map((r) => r.ceased_on.slice(0, 4))
    .sort();
  const last = years.filter((year) => year === '2025').length;
  console.log(
    `cessations: ${years.length}, ${years[0]} to ${years.at(-1)}, ${((100 * last) / Math.max(years.length, 1)).toFixed(1)}% in 2025`,
  );
}
