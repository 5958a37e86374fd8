import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPANY_FIELDS } from './company-record.js';
import { CREATED_ON_REFERENCE_DATE } from './created-on.js';
import { generateCompanyFixtures } from './company-fixtures.js';
import { generateCompanies } from './generate-companies.js';
import { EXTRA_FIELDS, parseExtraFields } from './record-options.js';
import { legalFormOf } from './legal-form.js';
import { loadNafCodes, NAF_CODES_NAMED, nafCodesForName } from './naf.js';
import { vatNumberOf } from './vat.js';

const six = (record: object): string =>
  JSON.stringify(Object.fromEntries(COMPANY_FIELDS.map((f) => [f, (record as Record<string, unknown>)[f]])));

describe('opt-in extra fields', () => {
  const records = generateCompanyFixtures(5000, { seed: 42, fields: EXTRA_FIELDS });

  it('leaves the six API fields of every record byte-identical, and adds only the fields asked for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.subarray([...EXTRA_FIELDS]), (seed, fields) => {
        const plain = generateCompanies(30, { seed });
        const extended = generateCompanyFixtures(30, { seed, fields });
        expect(extended.map(six)).toEqual(plain.map(six));
        for (const r of extended) expect(Object.keys(r)).toEqual([...COMPANY_FIELDS, ...fields]);
        expect(JSON.stringify(generateCompanyFixtures(30, { seed, fields: [] }))).toBe(JSON.stringify(plain));
        expect(JSON.stringify(generateCompanyFixtures(30, { seed }))).toBe(JSON.stringify(plain));
      }),
      { numRuns: 40 },
    );
  });

  it('gives a field the same value whatever other fields are asked for, and record i the same for any quantity', () => {
    const alone = generateCompanyFixtures(200, { seed: 42, fields: ['created_on'] });
    const prefix = generateCompanyFixtures(50, { seed: 42, fields: EXTRA_FIELDS });
    alone.forEach((r, i) => expect(r.created_on).toBe(records[i]?.created_on));
    expect(prefix).toEqual(records.slice(0, 50));
  });

  // python-stdnum's fr.tva checks the same 5,000 in test/stdnum-fixtures.acceptance.test.ts.
  it('gives VAT numbers derived from the SIREN', () => {
    for (const r of records) expect(r.vat_number).toBe(vatNumberOf(r.siren));
    expect(vatNumberOf('732 829 320')).toBe('FR44732829320');
    expect(() => vatNumberOf('123')).toThrow(RangeError);
  });

  it('reads the legal form from the name, null when it has none', () => {
    for (const r of records) expect(r.legal_form).toBe(legalFormOf(r.company));
    // The generator writes a form into every name today; the field still follows the name, whatever forms it carries.
    expect(new Set(records.map((r) => r.legal_form)).size).toBeGreaterThanOrEqual(6);
    expect(legalFormOf('Dubois et Fils SARL')).toBe('SARL');
    expect(legalFormOf('SCI Les Tilleuls')).toBe('SCI');
    expect(legalFormOf('MOREAU CONSEIL S.A.S.')).toBe('SAS');
    expect(legalFormOf('Boulangerie Lefèvre')).toBeNull();
    expect(legalFormOf('Sassenage Services')).toBeNull();
  });

  it('gives a NAF rév. 2 code and its official label that agree with the trade in the name', () => {
    const table = loadNafCodes();
    expect(table.size).toBe(732);
    for (const code of NAF_CODES_NAMED) expect(table.has(code)).toBe(true);
    let withTrade = 0;
    for (const r of records) {
      expect(r.naf_code).toMatch(/^\d{2}\.\d{2}[A-Z]$/);
      expect(r.naf_label).toBe(table.get(r.naf_code as string));
      const codes = nafCodesForName(r.company);
      if (codes) {
        withTrade++;
        expect(codes).toContain(r.naf_code);
      }
    }
    expect(withTrade).toBeGreaterThan(500);
    const bakeries = records.filter((r) => /^Boulangerie /.test(r.company));
    expect(bakeries.length).toBeGreaterThan(10);
    expect(bakeries.filter((r) => r.naf_code === '10.71C').length / bakeries.length).toBeGreaterThan(0.7);
    expect(nafCodesForName('PHARMACIE DU CENTRE')).toEqual(['47.73Z']);
    expect(nafCodesForName('Garage de la Gare'.normalize('NFD'))).toContain('45.20A');
  });

  it('gives creation dates that follow the SIREN order and never pass the reference date', () => {
    const dated = records.map((r) => ({ siren: Number(r.siren.replaceAll(' ', '')), date: r.created_on as string }));
    for (const d of dated) {
      expect(d.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.date >= '1955-01-01' && d.date < CREATED_ON_REFERENCE_DATE).toBe(true);
      if (d.siren >= 900_000_000) expect(d.date >= '2021-01-01').toBe(true);
    }
    // Registrations are in order up to a year's spread: SIRENs 100 million apart (over two years) are dated in order.
    const sorted = [...dated].sort((a, b) => a.siren - b.siren);
    for (let i = 0, j = 0; i < sorted.length; i++) {
      while (j < sorted.length && (sorted[j] as (typeof sorted)[number]).siren - (sorted[i] as (typeof sorted)[number]).siren < 100_000_000)
        j++;
      if (j < sorted.length) expect((sorted[i] as (typeof sorted)[number]).date < (sorted[j] as (typeof sorted)[number]).date).toBe(true);
    }
  });

  it('refuses unknown fields with a message that lists the allowed ones', () => {
    expect(() => parseExtraFields(['vat'])).toThrow(/unknown field "vat".*vat_number, legal_form/);
    expect(() => generateCompanyFixtures(1, { seed: 1, fields: ['siret' as never] })).toThrow(RangeError);
    expect(parseExtraFields(['naf_code', 'vat_number', 'naf_code'])).toEqual(['vat_number', 'naf_code']);
  });
});
