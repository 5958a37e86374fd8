import { describe, expect, it } from 'vitest';
import { NEGATIVE_PROFILE_FIELDS } from '../../src/core/fixtures/index.js';
import { EXTRA_FIELDS, generateCompanies, generateCompanyFixtures } from '../../src/index.js';
import { loadOfficialPairs } from '../support/communes-source.js';
import { checkRecords } from '../support/french-reader.js';
import { checkNegativeRecords } from '../support/negative-rules.js';
import { loadGeography, recordGeography, totalVariation } from '../support/geography.js';
import { stdnumVerdicts } from '../support/stdnum-verdicts.js';

const broken = (records: Parameters<typeof checkRecords>[0]) => {
  const { total, byRule } = checkRecords(records);
  return {
    total,
    rules: Object.fromEntries([...byRule].map(([rule, { count, example }]) => [rule, `${count}x, e.g. ${JSON.stringify(example)}`])),
  };
};

// The issues' targets, on 100,000 records of each of several seeds (slow: `npm run test:acceptance`).
describe.each([1, 7, 42])('100,000 records of seed %i', (seed) => {
  const records = generateCompanies(100_000, { seed });

  it('break none of the French reader rules', () => {
    expect(broken(records)).toEqual({ total: 0, rules: {} });
  });

  it('break none of them with every extra field on either, each field agreeing with the others', () => {
    const full = generateCompanyFixtures(100_000, { seed, fields: [...EXTRA_FIELDS] });
    expect(broken(full)).toEqual({ total: 0, rules: {} });
    // Employee band 00 (staff during the year, none on 31 December) is a small band, not "no employee" (NN).
    expect(full.filter((r) => r.employee_band === '00').length / full.length).toBeLessThan(0.05);
    // python-stdnum, an independent implementation, accepts every SIRET, SIREN and VAT number present.
    const values = full.flatMap((r) => [
      ['siret', r.siret.replace(/ /g, '')] as const,
      ['siren', r.siren.replace(/ /g, '')] as const,
      ...(r.vat_number === undefined ? [] : [['tva', r.vat_number] as const]),
    ]);
    expect(stdnumVerdicts(values).filter((ok) => !ok).length).toBe(0);
    const pairs = loadOfficialPairs();
    expect(full.filter((r) => !pairs.has(`${r.city}|${r.postcode}`))).toEqual([]);
  });

  it('hold at least 85,000 distinct company names and 5,000 distinct street lines', () => {
    expect(new Set(records.map((r) => r.company)).size).toBeGreaterThanOrEqual(85_000);
    expect(new Set(records.map((r) => r.street_address.replace(/^\d+( bis| ter)? /, ''))).size).toBeGreaterThanOrEqual(5_000);
  });

  it('follow the population: département shares within 4% (total variation), 15% or more in communes under 2,000', () => {
    const { departementShare, smallCommuneShare } = recordGeography(records);
    expect(totalVariation(departementShare, loadGeography().populationShare)).toBeLessThan(0.04);
    expect(smallCommuneShare).toBeGreaterThanOrEqual(0.15);
  });
});

// Other seeds than the runs above, the larger versions of the samples in french-reader.test.ts.
describe('the French reader rules on other seeds', () => {
  it('hold in 20,000 generated records of four seeds, default or with every extra field', () => {
    const records = [3, 7, 11, 13].flatMap((seed) => [
      ...generateCompanies(2_500, { seed }),
      ...generateCompanyFixtures(2_500, { seed, fields: [...EXTRA_FIELDS] }),
    ]);
    expect(broken(records)).toEqual({ total: 0, rules: {} });
  });

  it('hold in 10,000 edge-case records with every extra field', () => {
    const records = [3, 7].flatMap((seed) => generateCompanyFixtures(5_000, { seed, profile: 'edge-cases', fields: [...EXTRA_FIELDS] }));
    expect(broken(records)).toEqual({ total: 0, rules: {} });
  });
});

describe('the edge-case profile, 100,000 records with every extra field', () => {
  it('breaks none of the rules its cases leave standing (120 units in NFD too, EI on a person only, CEDEX with a box...)', () => {
    expect(broken(generateCompanyFixtures(100_000, { seed: 1, profile: 'edge-cases', fields: [...EXTRA_FIELDS] }))).toEqual({
      total: 0,
      rules: {},
    });
  });
});

// Each negative record is its unit's record (the default profile's, same seed and fields) with one case that fits the unit.
describe.each([1, 7, 42])('the negative profile, 100,000 records of seed %i', (seed) => {
  it.each([
    ['no extra field', []],
    ['every extra field', [...EXTRA_FIELDS]],
  ] as const)('with %s: each case on a unit it fits, valid and reason true of the record', (_, fields) => {
    const records = generateCompanyFixtures(100_000, { seed, fields, profile: 'negative' });
    const units = generateCompanyFixtures(100_000, { seed, fields: [...new Set([...fields, ...NEGATIVE_PROFILE_FIELDS])] });
    expect(checkNegativeRecords(records, units)).toEqual({ total: 0, rules: {} });
  });
});
