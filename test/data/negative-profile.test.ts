import { describe, expect, it } from 'vitest';
import { otherPostcodesOf } from '../../src/core/address/address.js';
import { COMMUNES_TABLE } from '../../src/core/data/communes.js';
import { NEGATIVE_PROFILE_FIELDS } from '../../src/core/fixtures/index.js';
import { EXTRA_FIELDS, generateCompanyFixtures, NEGATIVE_CASES, vatNumberOf, type FixtureRecord } from '../../src/index.js';
import { checkNegativeRecords, negativeViolations } from '../support/negative-rules.js';
import { communeOfPair } from '../support/register.js';

// A classic individual entrepreneur (one with a VAT number) and a micro-entrepreneur (none), active and public, as the
// default profile serves them with the negative profile's fields.
const unit: FixtureRecord = {
  siret: '819 305 004 00012',
  siren: '819 305 004',
  company: 'Julie Moreau EI',
  street_address: '12 Rue des Lilas',
  city: 'Manosque',
  postcode: '04100',
  vat_number: vatNumberOf('819 305 004'),
  naf_code: '74.10Z',
  status: 'active',
  ceased_on: null,
  diffusion: 'public',
};
const { vat_number: _, ...micro } = unit;
const vat = unit.vat_number as string;
const rules = (patch: Partial<FixtureRecord>, of: FixtureRecord = unit): string[] => negativeViolations({ ...of, ...patch }, of);

describe('the negative-profile checker', () => {
  it('accepts each case on a unit it fits, with valid and a reason true of the record', () => {
    const cases: Partial<FixtureRecord>[] = [
      { negative_case: 'vat-wrong-key', valid: false, vat_number: `FR00${vat.slice(4)}`, reason: `key 00, not ${vat.slice(2, 4)}` },
      { negative_case: 'vat-spaces', valid: true, vat_number: `FR 14 819 305 004`, reason: `${vat} with spaces` },
      { negative_case: 'vat-lowercase', valid: true, vat_number: vat.toLowerCase(), reason: `${vat} in lower case` },
      { negative_case: 'naf-no-dot', valid: true, naf_code: '7410Z', reason: '74.10Z without its dot' },
      { negative_case: 'naf-lowercase', valid: true, naf_code: '74.10z', reason: '74.10Z in lower case' },
      {
        negative_case: 'postcode-city-mismatch',
        valid: false,
        postcode: '04300',
        reason: "postcode 04300 is Forcalquier's, not Manosque's (04100)",
      },
    ];
    expect(vat).toBe('FR14819305004');
    for (const patch of cases) expect(rules(patch), JSON.stringify(patch)).toEqual([]);
    const ceased = { ...unit, status: 'ceased' as const, ceased_on: '2025-03-27' };
    expect(rules({ negative_case: 'ceased', valid: false, reason: 'closed on 2025-03-27' }, ceased)).toEqual([]);
    const hidden = { ...unit, company: '[ND]', street_address: '[ND]', diffusion: 'partial' as const };
    expect(rules({ negative_case: 'non-diffusible', valid: true, reason: 'opted out; the unit is active' }, hidden)).toEqual([]);
  });

  // Records whose case contradicts their unit (a VAT case on a unit without a VAT number, and the like): the rules name each.
  it.each([
    // A micro-entrepreneur has no VAT number to write in lower case.
    [{ negative_case: 'vat-lowercase', valid: true, vat_number: vat.toLowerCase(), reason: vat }, micro, 'a VAT case on a unit without'],
    [
      { negative_case: 'vat-wrong-key', valid: false, vat_number: `FR00${vat.slice(4)}`, reason: `00 ${vat.slice(2, 4)}` },
      micro,
      'a VAT case',
    ],
    // A ceased unit's number is no valid supplier, however it is written.
    [
      { negative_case: 'vat-spaces', valid: true, vat_number: 'FR 14 819 305 004', reason: vat, status: 'ceased', ceased_on: '2024-01-02' },
      unit,
      'vat-spaces on a ceased unit',
    ],
    [
      { negative_case: 'naf-no-dot', valid: true, naf_code: '7410Z', reason: '74.10Z', diffusion: 'partial' },
      unit,
      'naf-no-dot on a non-diffusible unit',
    ],
    [{ negative_case: 'ceased', valid: false, reason: 'closed on 2024-03-27' }, unit, 'a ceased case whose status is not ceased'],
    [{ negative_case: 'non-diffusible', valid: true, reason: 'opted out' }, unit, 'a non-diffusible case on a public unit'],
    [
      {
        negative_case: 'postcode-city-mismatch',
        valid: true,
        postcode: '04300',
        reason: "postcode 04300 is Forcalquier's, not Manosque's (04100)",
      },
      unit,
      'postcode-city-mismatch with valid: true',
    ],
    // 97400 is Saint-Denis's too, in La Réunion: not a mismatch for Saint-Denis (93).
    [
      {
        negative_case: 'postcode-city-mismatch',
        valid: false,
        postcode: '97400',
        reason: "postcode 97400 is Saint-Denis's, not Saint-Denis's (93200)",
      },
      { ...unit, city: 'Saint-Denis', postcode: '93200' },
      'a postcode mismatch whose pair is official',
    ],
    [
      { negative_case: 'vat-spaces', valid: true, vat_number: 'FR 14 819 305 004', reason: 'written with spaces' },
      unit,
      'vat-spaces reason without the number',
    ],
    [
      { negative_case: 'naf-lowercase', valid: true, naf_code: '74.10z', reason: '74.10Z', status: 'ceased', ceased_on: '2024-01-02' },
      unit,
      'changes more of its unit',
    ],
  ] as const)('flags %j on %j as "%s"', (patch, of, rule) => {
    expect(rules(patch as Partial<FixtureRecord>, of as FixtureRecord).join('\n')).toContain(rule);
  });
});

describe('the negative profile', () => {
  it('gives a city only postcodes that are not its own: every pair the mismatch case can draw, checked in the register', () => {
    const names = COMMUNES_TABLE.split('\n').map((line) => line.split(';')[1] as string);
    let pairs = 0;
    const wrong: string[] = [];
    names.forEach((name, line) => {
      for (const other of otherPostcodesOf(line)) {
        pairs++;
        if (communeOfPair(name, other.postcode) !== undefined || communeOfPair(other.city, other.postcode) === undefined)
          wrong.push(`${name} ${other.postcode} (${other.city})`);
      }
    });
    expect(wrong).toEqual([]);
    expect(pairs).toBeGreaterThan(100_000);
    // Paris and Saint-Pierre-et-Miquelon have no other commune with a postcode of their own département: no mismatch there.
    expect(names.filter((_, line) => otherPostcodesOf(line).length === 0).length).toBeLessThan(30);
  });

  it('puts each case on a unit it fits in 8,000 records of four seeds, with and without every extra field', () => {
    const seen = new Set<string>();
    for (const seed of [3, 7, 11, 13])
      for (const fields of [[], [...EXTRA_FIELDS]]) {
        const records = generateCompanyFixtures(1_000, { seed, fields, profile: 'negative' });
        const units = generateCompanyFixtures(1_000, { seed, fields: [...new Set([...fields, ...NEGATIVE_PROFILE_FIELDS])] });
        expect(checkNegativeRecords(records, units)).toEqual({ total: 0, rules: {} });
        for (const record of records) seen.add(record.negative_case as string);
      }
    expect([...seen].sort()).toEqual([...NEGATIVE_CASES].sort());
  });
});
