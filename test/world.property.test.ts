// The world of a seed, as properties: whatever generate gives for a seed, a lookup with the same seed and options gives
// again, and every valid SIREN from 3 to 9 (La Poste's aside) is a unit. `npm test` runs samples over fresh seeds; the full
// size (100,000 records of seeds 1, 7 and 42) is world.acceptance.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTRA_FIELDS, generateCompanyFixtures, lookupSiren, lookupSiret, luhnCheckDigit, MAX_SEED, PROFILES } from '../src/index.js';

const seed = fc.integer({ min: 0, max: MAX_SEED });
const fields = fc.subarray([...EXTRA_FIELDS]);
const profile = fc.constantFrom(...PROFILES);

describe('the world of a seed (properties over random seeds)', () => {
  it('gives every generated record again for its SIRET, and lists it under its SIREN', () => {
    fc.assert(
      fc.property(seed, fields, profile, fc.integer({ min: 1, max: 40 }), (s, f, p, n) => {
        const options = { seed: s, fields: f, profile: p };
        for (const record of generateCompanyFixtures(n, options)) {
          expect(lookupSiret(record.siret, options)).toEqual({ found: true, record });
          const unit = lookupSiren(record.siren, options);
          expect(unit.found && unit.establishments.some((e) => e.siret === record.siret)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('has a unit, head office first, for every valid SIREN from 3 to 9 but La Poste', () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 30_000_000, max: 99_999_999 }), (s, eight) => {
        const siren = String(eight) + luhnCheckDigit(String(eight));
        const unit = lookupSiren(siren, { seed: s, fields: ['head_office'] });
        if (siren === '356000000') return expect(unit).toMatchObject({ found: false, reason: 'la_poste' });
        if (!unit.found) throw new Error(`no unit for ${siren}`);
        expect(unit.establishment_count).toBeGreaterThanOrEqual(1);
        expect(unit.establishments[0]?.head_office).toBe(true);
        // Its latest establishment (order establishment_count) is listed and found.
        const latest = unit.establishments.find((e) => Number(e.siret.replace(/ /g, '').slice(9, 13)) === unit.establishment_count);
        expect(latest && lookupSiret(latest.siret, { seed: s, fields: ['head_office'] })).toEqual({ found: true, record: latest });
      }),
      { numRuns: 300 },
    );
  });
});
