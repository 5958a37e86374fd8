import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCompanyStream, generateCompanies, MAX_SEED } from '../../src/index.js';
import { NAME_WINDOW } from '../../src/core/generate-companies.js';

describe('variety of names and streets', () => {
  it('never repeats a company name within one response (any quantity up to 100, hundreds of seeds)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SEED }), fc.integer({ min: 1, max: 100 }), (seed, quantity) => {
        const names = generateCompanies(quantity, { seed }).map((r) => r.company);
        expect(new Set(names).size).toBe(names.length);
      }),
      { numRuns: 400 },
    );
  });

  it('never repeats a name within any 100 consecutive records of a long stream', () => {
    for (const seed of [5, 6]) {
      const stream = createCompanyStream({ seed });
      const names = Array.from({ length: 20_000 }, () => stream.next().company);
      const last = new Map<string, number>();
      let closest = Infinity;
      names.forEach((name, i) => {
        const before = last.get(name);
        if (before !== undefined) closest = Math.min(closest, i - before);
        last.set(name, i);
      });
      expect(closest).toBeGreaterThanOrEqual(NAME_WINDOW);
    }
  });

  it('gives mostly distinct names and many street lines in 20,000 records', () => {
    const records = generateCompanies(20_000, { seed: 8 });
    expect(new Set(records.map((r) => r.company)).size).toBeGreaterThan(0.9 * records.length);
    expect(new Set(records.map((r) => r.street_address.replace(/^\d+( bis| ter)? /, ''))).size).toBeGreaterThan(3_000);
  });
});

describe('shares that follow their sources (docs/data.md)', () => {
  const records = generateCompanies(50_000, { seed: 21 });
  const share = (test: (company: string) => boolean): number => records.filter((r) => test(r.company)).length / records.length;
  const form = (f: string) => (company: string) => company.endsWith(` ${f}`) && !company.startsWith('SCI ');

  it('draws legal forms like new companies: EI about 60%, SASU above SAS, then SARL, SCI and EURL', () => {
    const shares = {
      EI: share(form('EI')),
      SASU: share(form('SASU')),
      SAS: share(form('SAS')),
      SARL: share(form('SARL')),
      SCI: share((c) => c.startsWith('SCI ')),
      EURL: share(form('EURL')),
    };
    expect(shares.EI).toBeGreaterThan(0.57);
    expect(shares.EI).toBeLessThan(0.63);
    expect(shares.SASU).toBeGreaterThan(shares.SAS);
    expect(shares.SAS).toBeGreaterThan(shares.SARL);
    expect(shares.SARL).toBeGreaterThan(shares.EURL);
    expect(shares.SCI).toBeGreaterThan(0.04);
  });

  it('gives a few percent of establishments an order of 0100 or more, most 0001', () => {
    const order = records.map((r) => Number(r.siret.replace(/ /g, '').slice(9, 13)));
    const high = order.filter((o) => o >= 100).length / order.length;
    expect(high).toBeGreaterThan(0.02);
    expect(high).toBeLessThan(0.045);
    expect(order.filter((o) => o === 1).length / order.length).toBeGreaterThan(0.5);
  });

  it('weights SIREN first digits like active companies: mostly 3 and 4', () => {
    const digit = (d: string) => records.filter((r) => r.siren.startsWith(d)).length / records.length;
    expect(digit('3') + digit('4')).toBeGreaterThan(0.48);
    for (const d of ['5', '6', '7', '8', '9']) expect(digit(d)).toBeLessThan(digit('4'));
    expect(digit('6')).toBeGreaterThan(0);
  });
});
