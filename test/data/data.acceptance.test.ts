import { describe, expect, it } from 'vitest';
import { generateCompanies } from '../../src/index.js';
import { checkRecords } from '../support/french-reader.js';
import { loadGeography, recordGeography, totalVariation } from '../support/geography.js';

// The targets, on 100,000 records of each of several seeds (slow: `npm run test:acceptance`).
describe.each([1, 42, 1337])('100,000 records of seed %i', (seed) => {
  const records = generateCompanies(100_000, { seed });

  it('break none of the French reader rules', () => {
    const { total, byRule } = checkRecords(records);
    expect(
      Object.fromEntries([...byRule].map(([rule, { count, example }]) => [rule, `${count}x, e.g. ${JSON.stringify(example)}`])),
    ).toEqual({});
    expect(total).toBe(0);
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
