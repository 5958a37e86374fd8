import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCompanyStream, generateCompanies, isValidSiren, isValidSiret, MAX_SEED } from '../src/index.js';
import { isLuhnValid } from '../src/core/identifiers/index.js';

const seed = fc.integer({ min: 0, max: MAX_SEED });

describe('generated records (properties over random seeds)', () => {
  it('have the API formats and non-empty fields', () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 60 }), (s, n) => {
        // One assertion per run, on the records whose formats or fields are not as the API says: an expect per field would
        // cost more than the checks.
        const broken = generateCompanies(n, { seed: s }).filter(
          (r) =>
            !/^\d{3} \d{3} \d{3} \d{5}$/.test(r.siret) ||
            !/^\d{3} \d{3} \d{3}$/.test(r.siren) ||
            !/^\d{5}$/.test(r.postcode) ||
            [r.company, r.street_address, r.city].some((field) => field.trim() === ''),
        );
        expect(broken).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('give Luhn-valid SIREN and SIRET, the SIREN being the SIRET prefix, first digit 3-9, never La Poste', () => {
    fc.assert(
      fc.property(seed, (s) => {
        // One assertion per run, naming each record and check that fails.
        const broken = generateCompanies(50, { seed: s }).flatMap((r) => {
          const siret = r.siret.replace(/ /g, '');
          const siren = r.siren.replace(/ /g, '');
          const order = Number(siret.slice(9, 13));
          const checks: Array<[string, boolean]> = [
            ['Luhn-valid SIRET and SIREN', isLuhnValid(siret) && isLuhnValid(siren)],
            ['valid SIRET and SIREN', isValidSiret(r.siret) && isValidSiren(r.siren)],
            ['the SIREN is the SIRET prefix', r.siret.slice(0, 11) === r.siren],
            ['first digit 3-9', /[3-9]/.test(siren[0] ?? '')],
            ['not La Poste', siren !== '356000000'],
            // Establishment order: 0001 up to a tail of large networks (docs/data.md).
            ['establishment order 0001..2999', order >= 1 && order <= 2999],
          ];
          return checks.filter(([, ok]) => !ok).map(([check]) => `${r.siret}: ${check}`);
        });
        expect(broken).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never repeat a SIRET within a batch', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const records = generateCompanies(2_000, { seed: s });
        expect(new Set(records.map((r) => r.siret)).size).toBe(records.length);
      }),
      { numRuns: 20 },
    );
  });

  it('give the first k records of a seed whatever the quantity asked', () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 70 }), (s, k, extra) => {
        expect(generateCompanies(k + extra, { seed: s }).slice(0, k)).toEqual(generateCompanies(k, { seed: s }));
      }),
      { numRuns: 100 },
    );
  });

  it('are the same records from the stream and from the batch function', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const stream = createCompanyStream({ seed: s });
        expect(stream.index).toBe(0);
        const fromStream = Array.from({ length: 20 }, () => stream.next());
        expect(fromStream).toEqual(generateCompanies(20, { seed: s }));
        expect(stream.index).toBe(20);
      }),
      { numRuns: 50 },
    );
  });

  it('mostly use establishment 0001-0009, like real registers', () => {
    const records = generateCompanies(20_000, { seed: 7 });
    const small = records.filter((r) => Number(r.siret.replace(/ /g, '').slice(9, 13)) <= 9).length;
    expect(small / records.length).toBeGreaterThan(0.8);
    expect(records.some((r) => Number(r.siret.replace(/ /g, '').slice(9, 13)) >= 10)).toBe(true);
  });

  it('refuse seeds and quantities outside their ranges', () => {
    expect(() => generateCompanies(1, { seed: -1 })).toThrow(RangeError);
    expect(() => generateCompanies(1, { seed: MAX_SEED + 1 })).toThrow(RangeError);
    expect(() => generateCompanies(1.5, { seed: 1 })).toThrow(RangeError);
  });
});
