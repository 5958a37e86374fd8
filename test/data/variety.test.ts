import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCompanyStream, generateCompanies, generateCompanyFixtures, MAX_SEED } from '../../src/index.js';
import { NAME_WINDOW } from '../../src/core/company/generate-companies.js';
import { reunionSurname } from '../support/place-rules.js';

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

  it('draws legal forms like the stock of active units: EI about 53%, then SARL, SASU, SAS, EURL and SCI', () => {
    const shares = {
      EI: share(form('EI')),
      SARL: share(form('SARL')),
      SASU: share(form('SASU')),
      SAS: share(form('SAS')),
      EURL: share(form('EURL')),
      SCI: share((c) => c.startsWith('SCI ')),
    };
    const expected = { EI: 0.53, SARL: 0.17, SASU: 0.1, SAS: 0.085, EURL: 0.055, SCI: 0.04 };
    for (const [name, value] of Object.entries(expected))
      expect(Math.abs(shares[name as keyof typeof shares] - value), name).toBeLessThan(0.01);
  });

  it('gives a few establishments in a thousand an order of 0100 or more, most 0001, and individual entrepreneurs at most five', () => {
    const order = (r: (typeof records)[number]) => Number(r.siret.replace(/ /g, '').slice(9, 13));
    const high = records.filter((r) => order(r) >= 100).length / records.length;
    expect(high).toBeGreaterThan(0.001);
    expect(high).toBeLessThan(0.01);
    expect(records.filter((r) => order(r) === 1).length / records.length).toBeGreaterThan(0.6);
    for (const r of records.filter((x) => x.company.endsWith(' EI'))) expect(order(r)).toBeLessThanOrEqual(5);
  });

  it("uses INSEE's employee bands as defined: NN for no employee, 00 (staff during the year, none at its end) a small band", () => {
    const full = generateCompanyFixtures(20_000, { seed: 21, fields: ['legal_form', 'naf_code', 'employee_band'] });
    const band00 = (subset: typeof full) => subset.filter((r) => r.employee_band === '00').length / subset.length;
    expect(band00(full)).toBeLessThan(0.05);
    expect(band00(full.filter((r) => r.legal_form === 'SCI' || r.naf_code === '64.20Z'))).toBe(0);
    const companies = full.filter((r) => !['EI', 'SCI'].includes(r.legal_form ?? ''));
    // Insee Première n° 2045: 54% of companies employ someone.
    expect(Math.abs(companies.filter((r) => r.employee_band !== 'NN').length / companies.length - 0.54)).toBeLessThan(0.03);
  });

  it('numbers units by era: recent 8xx and 9xx SIRENs on most individual entrepreneurs, no old 5xx-7xx on an SAS', () => {
    const prefix = (r: (typeof records)[number]) => Number(r.siren.slice(0, 2));
    const individuals = records.filter((r) => r.company.endsWith(' EI'));
    expect(individuals.filter((r) => prefix(r) >= 80).length / individuals.length).toBeGreaterThan(0.6);
    expect(records.filter((r) => prefix(r) >= 80).length / records.length).toBeGreaterThan(0.45);
    const old = (p: number) => (p >= 54 && p <= 74) || p === 77 || p === 78;
    for (const r of records.filter((x) => / SASU?$| EURL$| SEL\w+$| EI$/.test(x.company))) expect(old(prefix(r)), r.company).toBe(false);
    expect(records.filter((r) => old(prefix(r))).length / records.length).toBeGreaterThan(0.002);
  });

  it("names La Réunion's units after its own families: a quarter or more carry one of its surnames, none elsewhere", () => {
    const found = records.map(reunionSurname);
    const inReunion = found.filter((r) => r.inReunion);
    expect(inReunion.length).toBeGreaterThan(400);
    expect(inReunion.filter((r) => r.local).length / inReunion.length).toBeGreaterThan(0.25);
    expect(found.filter((r) => r.local && !r.inReunion)).toEqual([]);
  });
});
