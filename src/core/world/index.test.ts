import { describe, expect, it } from 'vitest';
import { generateCompanies } from '../company/index.js';
import { generateCompanyFixtures } from '../fixtures/index.js';
import { luhnCheckDigit, parseSiren, parseSiret } from '../identifiers/index.js';
import { lookupSiren, lookupSiret, MAX_LISTED_ESTABLISHMENTS } from './index.js';

/** The SIREN of 8 digits made valid with its check digit. */
const siren = (eight: string): string => eight + luhnCheckDigit(eight);
/** A valid SIRET of `sirenDigits` and establishment order `order`. */
const siret = (sirenDigits: string, order: number): string => {
  const thirteen = sirenDigits + String(order).padStart(4, '0');
  return thirteen + luhnCheckDigit(thirteen);
};
const digitsOf = (text: string): string => text.replace(/ /g, '');

describe('parseSiret and parseSiren', () => {
  it('read a number the way a form does, with spaces, no-break spaces, dots and dashes between digits', () => {
    for (const separator of [' ', '\u00a0', '\u202f', '.', '-'])
      expect(parseSiret(['732', '829', '320', '00074'].join(separator))).toEqual({ valid: true, digits: '73282932000074' });
    expect(parseSiren('732-829-320')).toEqual({ valid: true, digits: '732829320' });
  });

  it('name the reason a form can show: digits, length, check digit, La Poste rule', () => {
    expect(parseSiret('7328293200007A')).toMatchObject({ valid: false, reason: 'digits' });
    expect(parseSiret('7328293200007')).toMatchObject({ valid: false, reason: 'length', message: 'a SIRET has 14 digits, not 13' });
    expect(parseSiret('73282932000075')).toMatchObject({ valid: false, reason: 'check_digit' });
    // A SIRET whose whole passes Luhn but whose SIREN does not.
    expect(parseSiret('73282932100064')).toMatchObject({ valid: false, reason: 'check_digit', message: expect.stringContaining('SIREN') });
    expect(parseSiret('35600000049838')).toMatchObject({ valid: false, reason: 'la_poste_rule' });
    expect(parseSiren('732829321')).toMatchObject({ valid: false, reason: 'check_digit' });
    expect(parseSiren('')).toMatchObject({ valid: false, reason: 'length' });
  });
});

describe('lookupSiret', () => {
  it('finds each record generate gives for the seed, with the same fields and profile', () => {
    for (const record of generateCompanies(200, { seed: 7 }))
      expect(lookupSiret(record.siret, { seed: 7 })).toEqual({ found: true, record });
    const options = { seed: 7, fields: ['status', 'head_office', 'vat_number'] as const, profile: 'negative' as const };
    for (const record of generateCompanyFixtures(200, { ...options, fields: [...options.fields] }))
      expect(lookupSiret(record.siret, { ...options, fields: [...options.fields] })).toEqual({ found: true, record });
  });

  it('uses seed 0 when none is given', () => {
    const [record] = generateCompanies(1, { seed: 0 });
    expect(lookupSiret(digitsOf(record?.siret ?? ''))).toEqual({ found: true, record });
  });

  it('answers not_found with the reason for valid numbers outside the world', () => {
    expect(lookupSiret(siret(siren('01234567'), 1))).toMatchObject({ found: false, error: 'not_found', reason: 'unused_number' });
    expect(lookupSiret(siret(siren('21750001'), 1))).toMatchObject({ found: false, error: 'not_found', reason: 'public_body' });
    expect(lookupSiret('35600000049837')).toMatchObject({ found: false, error: 'not_found', reason: 'la_poste' });
    expect(lookupSiret('35600000000048')).toMatchObject({ found: false, error: 'not_found', reason: 'la_poste' });
  });

  it("names the unit's SIREN for a NIC that is none of its establishments", () => {
    const [record] = generateCompanies(1, { seed: 1 });
    const sirenDigits = digitsOf(record?.siren ?? '');
    const count = (lookupSiren(sirenDigits, { seed: 1 }) as { establishment_count: number }).establishment_count;
    expect(lookupSiret(siret(sirenDigits, count + 1), { seed: 1 })).toMatchObject({
      found: false,
      error: 'not_found',
      reason: 'unknown_establishment',
      siren: record?.siren,
    });
    expect(lookupSiret(siret(sirenDigits, 0), { seed: 1 })).toMatchObject({ reason: 'unknown_establishment' });
  });

  it('answers invalid_siret with the reason for a number that is not one', () => {
    expect(lookupSiret('732 829 320 00075')).toMatchObject({ found: false, error: 'invalid_siret', reason: 'check_digit' });
    expect(lookupSiret('35600000049838')).toMatchObject({ found: false, error: 'invalid_siret', reason: 'la_poste_rule' });
  });

  it('throws a RangeError for a bad seed, as generate does', () => {
    expect(() => lookupSiret('73282932000074', { seed: -1 })).toThrow(RangeError);
  });
});

describe('lookupSiren', () => {
  it("lists a generated record's unit, head office first, the record among its establishments", () => {
    const fields: ('head_office' | 'status')[] = ['head_office', 'status'];
    for (const record of generateCompanyFixtures(100, { seed: 42, fields })) {
      const unit = lookupSiren(record.siren, { seed: 42, fields });
      if (!unit.found) throw new Error(`${record.siren} not found`);
      expect(unit.siren).toBe(record.siren);
      expect(unit.establishments).toContainEqual(record);
      expect(unit.establishments[0]?.head_office).toBe(true);
      expect(unit.establishments.filter((e) => e.head_office)).toHaveLength(1);
      expect(unit.establishments.length).toBe(Math.min(unit.establishment_count, MAX_LISTED_ESTABLISHMENTS));
      for (const establishment of unit.establishments) {
        expect(establishment.siren).toBe(record.siren);
        expect(establishment.company).toBe(record.company);
        expect(lookupSiret(establishment.siret, { seed: 42, fields })).toEqual({ found: true, record: establishment });
      }
    }
  });

  it('finds a unit for any valid SIREN starting 3 to 9 but La Poste, and refuses the others with their reason', () => {
    expect(lookupSiren('531 789 600', { seed: 1 })).toMatchObject({ found: true, siren: '531 789 600' });
    expect(lookupSiren(siren('99999999'))).toMatchObject({ found: true });
    expect(lookupSiren(siren('30000000'))).toMatchObject({ found: true });
    expect(lookupSiren(siren('00000001'))).toMatchObject({ found: false, reason: 'unused_number' });
    expect(lookupSiren(siren('19999999'))).toMatchObject({ found: false, reason: 'public_body' });
    expect(lookupSiren('356 000 000')).toMatchObject({ found: false, reason: 'la_poste' });
    expect(lookupSiren('73282932')).toMatchObject({ found: false, error: 'invalid_siren', reason: 'length' });
  });
});
