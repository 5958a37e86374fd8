// python-stdnum (Debian's python3-stdnum, an implementation we did not write) against the fixture toolkit: the identifier
// fixtures' labels, the opt-in VAT numbers and the siret-mock/faker values. Part of `npm run test:acceptance`, which CI runs
// with the Debian package installed; `npm test` needs nothing but Node.
import { faker as faker10, fakerFR as fakerFR10 } from '@faker-js/faker';
import { faker as faker9, fakerFR as fakerFR9 } from 'faker9';
import { describe, expect, it } from 'vitest';
import { EXTRA_FIELDS, generateCompanyFixtures } from '../src/core/fixtures/index.js';
import { generateIdentifierFixtures, stripSeparators } from '../src/core/identifiers/index.js';
import { createSiretMockFaker, type FakerLike } from '../src/faker/index.js';
import { stdnumVerdicts } from './support/stdnum-verdicts.js';

describe('python-stdnum agrees with the fixture toolkit', () => {
  it('on every one of 12,400 identifier fixtures once separators are removed', () => {
    const fixtures = generateIdentifierFixtures(12_400, { seed: 42 });
    const verdicts = stdnumVerdicts(fixtures.map((f) => [f.identifier, stripSeparators(f.value)] as const));
    const disagreements = fixtures.filter((f, i) => verdicts[i] !== f.valid);
    expect(disagreements).toEqual([]);
    // Both answers occur in quantity, so the agreement is not one-sided.
    expect(fixtures.filter((f) => f.valid).length).toBeGreaterThan(4000);
    expect(fixtures.filter((f) => !f.valid).length).toBeGreaterThan(4000);
  });

  it('accepts every VAT number (fr.tva) of 5,000 records with the extra fields', () => {
    const records = generateCompanyFixtures(5000, { seed: 42, fields: EXTRA_FIELDS }).filter((r) => r.vat_number !== undefined);
    const verdicts = stdnumVerdicts(records.map((r) => ['tva', r.vat_number as string] as const));
    // Micro-entrepreneurs and SCIs letting homes have none; most other units do.
    expect(records.length).toBeGreaterThan(1500);
    expect(verdicts).toHaveLength(records.length);
    expect(verdicts.every(Boolean)).toBe(true);
  });

  type SeedableFaker = FakerLike & { seed(seed: number): unknown };
  it.each([
    ['faker 10', faker10],
    ['fakerFR 10', fakerFR10],
    ['faker 9', faker9],
    ['fakerFR 9', fakerFR9],
  ] as ReadonlyArray<readonly [string, SeedableFaker]>)(
    'accepts the SIREN, SIRET and VAT number of 400 draws of siret-mock/faker with %s',
    (_label, faker) => {
      faker.seed(99);
      const company = createSiretMockFaker(faker);
      const checks = Array.from({ length: 400 }, () => {
        // The same draws as src/faker/index.test.ts: a name and an address follow each number.
        const [siren, siret, vat] = [company.siren(), company.siret(), company.vatNumber(), company.companyName(), company.address()];
        return [
          ['siren', siren.replaceAll(' ', '')],
          ['siret', siret.replaceAll(' ', '')],
          ['tva', vat],
        ] as const;
      }).flat();
      const verdicts = stdnumVerdicts(checks);
      expect(verdicts).toHaveLength(1200);
      expect(verdicts.every(Boolean)).toBe(true);
    },
  );
});
