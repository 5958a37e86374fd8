import { describe, expect, it } from 'vitest';
import { departementOfPostcode, loadCommunes } from '../../src/core/address/address.js';
import { loadGeography, totalVariation } from '../support/geography.js';

// The table's own weights, without sampling noise: what the generator draws in the long run.
describe('commune table weights', () => {
  const { communeOf, populationShare } = loadGeography();
  const table = loadCommunes();
  const communes = table.values.map((c) => ({ c, info: communeOf.get(`${c.name}|${c.postcodes[0]}`) }));

  it('knows every commune of the table in the register', () => {
    expect(communes.filter(({ info }) => !info).map(({ c }) => c.name)).toEqual([]);
  });

  it('gives each département its share of the population (total variation under 1%)', () => {
    const shares = new Map<string, number>();
    for (const { c, info } of communes)
      shares.set(info?.departement ?? '?', (shares.get(info?.departement ?? '?') ?? 0) + c.weight / table.total);
    expect(totalVariation(shares, populationShare)).toBeLessThan(0.01);
  });

  it('draws communes of every size, a fifth of the weight in communes under 2,000 inhabitants', () => {
    const under = (n: number) =>
      communes.filter(({ info }) => (info?.population ?? 0) < n).reduce((s, { c }) => s + c.weight, 0) / table.total;
    expect(under(2000)).toBeGreaterThan(0.18);
    expect(under(500)).toBeGreaterThan(0.03);
    expect(communes.some(({ info }) => (info?.population ?? Infinity) < 100)).toBe(true);
  });

  it('keeps the table in postcode order, neighbouring lines mostly in one département (the order it compresses best in)', () => {
    const same = table.values
      .slice(1)
      .filter(
        (c, i) => departementOfPostcode(c.postcodes[0] as string) === departementOfPostcode(table.values[i]?.postcodes[0] as string),
      ).length;
    expect(same / (table.values.length - 1)).toBeGreaterThan(0.95);
  });
});
