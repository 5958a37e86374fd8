// Opens the spreadsheet CSV variant (excel=1, --excel) in LibreOffice Calc, headless, in the en-US and fr-FR locales, saves
// every sheet back as plain CSV (raw cell values, not their display) and compares every cell with the record's JSON text.
// A control file of bare digit strings, opened the same way, must come back damaged (leading zero lost, and in fr-FR the
// SIREN read as a number): that proves the locale took effect and that this check would see the damage.
// Usage: npx tsx test/spreadsheet/round-trip.ts [seed...]   (needs soffice: Debian libreoffice-calc-nogui)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { COMPANY_FIELDS, generateCompanies, toCsv } from '../../src/core/company/index.js';

const seeds = process.argv.slice(2).length > 0 ? process.argv.slice(2).map(Number) : [1, 42, 1337];
const LOCALES = ['en-US', 'fr-FR'];
// Import: `;` separator, `"` quotes, UTF-8 (76), from line 1, other options at their defaults (formulas evaluated, as a
// user opening the file gets). Export: `,`, `"`, UTF-8, raw values (not as shown), every sheet.
const IMPORT = 'CSV:59,34,76,1';
const EXPORT = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1';
const CONTROL = '\uFEFFsiren;postcode\r\n340 231 513;04400\r\n';

const work = mkdtempSync(join(tmpdir(), 'siret-mock-calc-'));
let failures = 0;
try {
  const inputs = join(work, 'in');
  mkdirSync(inputs);
  const expected = new Map<string, string[][]>();
  for (const seed of seeds) {
    const records = generateCompanies(100, { seed });
    writeFileSync(join(inputs, `seed-${seed}.csv`), toCsv(records, { excel: true }));
    expected.set(`seed-${seed}`, [[...COMPANY_FIELDS], ...records.map((r) => COMPANY_FIELDS.map((f) => r[f]))]);
  }
  writeFileSync(join(inputs, 'control.csv'), CONTROL);

  for (const locale of LOCALES) {
    // A fresh profile per locale, its locale set in the registry LibreOffice reads at start.
    const profile = join(work, `profile-${locale}`);
    mkdirSync(join(profile, 'user'), { recursive: true });
    writeFileSync(
      join(profile, 'user', 'registrymodifications.xcu'),
      `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>${locale}</value></prop></item>
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooLocale" oor:op="fuse"><value>${locale}</value></prop></item>
</oor:items>
`,
    );
    const out = join(work, `out-${locale}`);
    const files = readdirSync(inputs).map((f) => join(inputs, f));
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        '--headless',
        `--infilter=${IMPORT}`,
        '--convert-to',
        EXPORT,
        '--outdir',
        out,
        ...files,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 240_000 },
    );
    const saved = readdirSync(out);
    const read = (name: string): string[][] => {
      const file = saved.find((f) => f.startsWith(`${name}-`) || f === `${name}.csv`);
      if (!file) throw new Error(`${locale}: LibreOffice wrote no output for ${name} (got ${saved.join(', ')})`);
      return parse(readFileSync(join(out, file), 'utf8'), { relax_column_count: false }) as string[][];
    };

    const control = read('control')[1] ?? [];
    const controlDamaged = control[1] === '4400' && (locale !== 'fr-FR' || control[0] === '340231513');
    console.log(
      `${locale}: control file of bare digits comes back as ${JSON.stringify(control)}${controlDamaged ? ' (damaged, as expected)' : ''}`,
    );
    if (!controlDamaged) {
      failures++;
      console.error(`${locale}: the control file was not damaged: the locale or the import options did not take effect`);
    }

    for (const [name, rows] of expected) {
      const got = read(name);
      let cells = 0;
      const wrong: string[] = [];
      rows.forEach((row, i) =>
        row.forEach((cell, j) => {
          cells++;
          if (got[i]?.[j] !== cell)
            wrong.push(`row ${i + 1} ${rows[0]?.[j]}: ${JSON.stringify(cell)} became ${JSON.stringify(got[i]?.[j])}`);
        }),
      );
      if (got.length !== rows.length) wrong.push(`${got.length} rows instead of ${rows.length}`);
      console.log(`${locale} ${name}: ${cells - wrong.length}/${cells} cells equal to the JSON text`);
      for (const line of wrong.slice(0, 10)) console.error(`  ${line}`);
      failures += wrong.length;
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failures > 0) {
  console.error(`spreadsheet round trip: ${failures} failure(s)`);
  process.exit(1);
}
console.log('spreadsheet round trip: every cell intact in en-US and fr-FR');
