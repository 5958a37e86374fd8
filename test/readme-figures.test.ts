import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCompanies, type CompanyRecord } from '../src/index.js';
import { loadGeography, recordGeography, totalVariation } from './support/geography.js';

// The figures README.md's "What makes the data right" states, read from its text and measured on 100,000 records of seed 1
// (the sample docs/data.md measures on; under a second to draw), so that neither the data nor the text can drift alone.
// A share "about N%" holds within 1 percentage point, "under N%" strictly; a count "about N" within half its last rounded
// place (86,000: 500; 7,900: 50).
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## What makes the data right'), readme.indexOf('\n## ', readme.indexOf('## What makes')));

/** The number `pattern`'s first group reads in the section (commas as thousands separators); fails when the text moved. */
function stated(pattern: RegExp): number {
  const match = pattern.exec(section.replace(/\n\s*/g, ' '));
  if (!match) throw new Error(`README.md no longer states ${String(pattern)}: update this test with the text`);
  return Number((match[1] as string).replace(/,/g, ''));
}

const percent = (records: readonly CompanyRecord[], test: (r: CompanyRecord) => boolean): number =>
  (100 * records.filter(test).length) / records.length;
const order = (r: CompanyRecord): number => Number(r.siret.replace(/ /g, '').slice(9, 13));
const formOf = (r: CompanyRecord): string => (r.company.startsWith('SCI ') ? 'SCI' : (r.company.split(' ').at(-1) as string));

describe("README's figures, measured on 100,000 records of seed 1", () => {
  let records: CompanyRecord[];
  beforeAll(() => {
    records = generateCompanies(100_000, { seed: 1 });
  });

  it('establishment numbers: the share of 0001 and of 0100 or more', () => {
    expect(Math.abs(percent(records, (r) => order(r) === 1) - stated(/`0001` [^%]* for about ([\d.]+)%/))).toBeLessThanOrEqual(1);
    expect(percent(records, (r) => order(r) >= 100)).toBeLessThan(stated(/0100 or more for under ([\d.]+)%/));
  });

  it('SIREN first digits: 3 to 9 only, 9 and 8 in the shares stated', () => {
    expect(records.filter((r) => !/^[3-9]/.test(r.siren))).toEqual([]);
    expect(section).toMatch(/SIRENs start with 3-9/);
    expect(section).toMatch(/3 to 7 for the rest/);
    for (const digit of ['9', '8']) {
      const share = stated(new RegExp(`\\b${digit} for about ([\\d.]+)%`));
      expect(Math.abs(percent(records, (r) => r.siren.startsWith(digit)) - share), digit).toBeLessThanOrEqual(1);
    }
  });

  it('legal forms: each share stated, and the small forms under theirs', () => {
    for (const form of ['SARL', 'SASU', 'SAS', 'EURL', 'SCI']) {
      const share = stated(new RegExp(`\\b${form} ([\\d.]+)%`));
      expect(Math.abs(percent(records, (r) => formOf(r) === form) - share), form).toBeLessThanOrEqual(1);
    }
    const ei = stated(/EI \(micro-entrepreneurs included\) about ([\d.]+)%/);
    expect(Math.abs(percent(records, (r) => formOf(r) === 'EI') - ei)).toBeLessThanOrEqual(1);
    const small = stated(/SA, SNC, SELARL and SELAS under ([\d.]+)% each/);
    for (const form of ['SA', 'SNC', 'SELARL', 'SELAS'])
      expect(
        percent(records, (r) => formOf(r) === form),
        form,
      ).toBeLessThan(small);
  });

  it('addresses: département shares within the total variation stated, villages about a fifth', () => {
    const { departementShare, smallCommuneShare } = recordGeography(records);
    const within = stated(/its share of the population \(within about ([\d.]+)%\)/);
    expect(100 * totalVariation(departementShare, loadGeography().populationShare)).toBeLessThanOrEqual(within + 0.5);
    expect(section).toMatch(/villages under 2,000 inhabitants about a fifth/);
    expect(Math.abs(smallCommuneShare - 0.2)).toBeLessThanOrEqual(0.03);
  });

  it('distinct names and streets in the 100,000 records', () => {
    const names = new Set(records.map((r) => r.company)).size;
    const streets = new Set(records.map((r) => r.street_address.replace(/^\d+( bis| ter)? /, ''))).size;
    expect(stated(/of ([\d,]+) records of one seed have distinct names/)).toBe(records.length);
    const [statedNames, statedStreets] = [stated(/about ([\d,]+) of [\d,]+ records/), stated(/on about ([\d,]+) distinct streets/)];
    expect(Math.abs(names - statedNames)).toBeLessThanOrEqual(500);
    expect(Math.abs(streets - statedStreets)).toBeLessThanOrEqual(50);
  });
});
