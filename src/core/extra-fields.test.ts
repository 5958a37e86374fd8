import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { communeOfPair } from '../../test/support/register.js';
import { COMPANY_FIELDS } from './company-record.js';
import { CREATED_ON_REFERENCE_DATE } from './created-on.js';
import { generateCompanyFixtures } from './company-fixtures.js';
import { generateCompanies } from './generate-companies.js';
import { EXTRA_FIELDS, keysOfField, parseExtraFields } from './record-options.js';
import { legalFormOf } from './legal-form.js';
import { loadNafCodes, NAF_CODES_NAMED, nafCodesForName } from './naf.js';
import { vatNumberOf } from './vat.js';

const six = (record: object): string =>
  JSON.stringify(Object.fromEntries(COMPANY_FIELDS.map((f) => [f, (record as Record<string, unknown>)[f]])));

describe('opt-in extra fields', () => {
  const records = generateCompanyFixtures(5000, { seed: 42, fields: EXTRA_FIELDS });
  const share = (test: (r: (typeof records)[number]) => boolean, among = records): number => among.filter(test).length / among.length;

  it('leaves the six API fields of every record byte-identical (but a hidden name and street), and adds only the fields asked for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.subarray([...EXTRA_FIELDS]), (seed, fields) => {
        const plain = generateCompanies(30, { seed });
        const extended = generateCompanyFixtures(30, { seed, fields });
        extended.forEach((r, i) => {
          // A unit that opted out of diffusion shows "[ND]" for its name and street when `diffusion` is asked for.
          const shown = r.diffusion === 'partial' ? { ...plain[i], company: '[ND]', street_address: '[ND]' } : plain[i];
          expect(six(r)).toBe(six(shown as object));
          // A unit without a VAT number has no such key.
          const keys = fields.flatMap(keysOfField).filter((key) => key !== 'vat_number' || r.vat_number !== undefined);
          expect(Object.keys(r)).toEqual([...COMPANY_FIELDS, ...keys]);
        });
        expect(JSON.stringify(generateCompanyFixtures(30, { seed, fields: [] }))).toBe(JSON.stringify(plain));
        expect(JSON.stringify(generateCompanyFixtures(30, { seed }))).toBe(JSON.stringify(plain));
      }),
      { numRuns: 40 },
    );
  });

  it('gives a field the same value whatever other fields are asked for, and record i the same for any quantity', () => {
    const alone = generateCompanyFixtures(200, { seed: 42, fields: ['created_on', 'trade_name', 'cedex'] });
    const prefix = generateCompanyFixtures(50, { seed: 42, fields: EXTRA_FIELDS });
    alone.forEach((r, i) => {
      expect(r.created_on).toBe(records[i]?.created_on);
      expect(r.cedex).toBe(records[i]?.cedex);
      if (records[i]?.diffusion === 'public') expect(r.trade_name).toBe(records[i]?.trade_name);
    });
    expect(prefix).toEqual(records.slice(0, 50));
  });

  // python-stdnum's fr.tva checks the VAT numbers of 5,000 records in test/stdnum-fixtures.acceptance.test.ts.
  it('gives VAT numbers derived from the SIREN, to every unit but micro-entrepreneurs and SCIs letting homes', () => {
    const withVat = records.filter((r) => r.vat_number !== undefined);
    for (const r of withVat) expect(r.vat_number).toBe(vatNumberOf(r.siren));
    for (const r of records.filter((x) => x.vat_number === undefined)) {
      expect(r.legal_form === 'EI' ? (r.created_on as string) >= '2009-01-01' : r.legal_form === 'SCI' && r.naf_code === '68.20A').toBe(
        true,
      );
    }
    // Micro-entrepreneurs are three EIs in five; nearly all companies have one.
    expect(
      share(
        (r) => r.vat_number === undefined,
        records.filter((r) => r.legal_form === 'EI'),
      ),
    ).toBeGreaterThan(0.5);
    expect(vatNumberOf('732 829 320')).toBe('FR44732829320');
    expect(() => vatNumberOf('123')).toThrow(RangeError);
  });

  it('reads the legal form from the name, and gives the INSEE legal category of that form', () => {
    for (const r of records) if (r.diffusion === 'public') expect(r.legal_form).toBe(legalFormOf(r.company));
    const categories = new Map<string, Set<string>>();
    for (const r of records)
      categories.set(r.legal_form as string, (categories.get(r.legal_form as string) ?? new Set()).add(r.legal_category as string));
    expect(Object.fromEntries([...categories].map(([form, codes]) => [form, [...codes].sort()]))).toEqual({
      EI: ['1000'],
      SARL: ['5499'],
      EURL: ['5498'],
      SAS: ['5710'],
      SASU: ['5720'],
      SCI: ['6540'],
      SA: ['5599', '5699'],
      SNC: ['5202'],
      SELARL: ['5485'],
      SELAS: ['5785'],
    });
    expect(legalFormOf('Dubois et Fils SARL')).toBe('SARL');
    expect(legalFormOf('SCI Les Tilleuls')).toBe('SCI');
    expect(legalFormOf('MOREAU CONSEIL S.A.S.')).toBe('SAS');
    expect(legalFormOf('Boulangerie Lefèvre')).toBeNull();
    expect(legalFormOf('Sassenage Services')).toBeNull();
  });

  it('gives a NAF rév. 2 code, with its official label, that the trade in the name allows', () => {
    const table = loadNafCodes();
    expect(table.size).toBe(732);
    for (const code of NAF_CODES_NAMED) expect(table.has(code)).toBe(true);
    let withTrade = 0;
    for (const r of records) {
      expect(r.naf_code).toMatch(/^\d{2}\.\d{2}[A-Z]$/);
      expect(r.naf_label).toBe(table.get(r.naf_code as string));
      const codes = r.legal_form === 'SCI' || r.diffusion === 'partial' ? undefined : nafCodesForName(r.company);
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
    expect(nafCodesForName('Cabinet Dentaire Roux')).toEqual(['86.23Z']);
    expect(nafCodesForName('Garage de la Gare'.normalize('NFD'))).toContain('45.20A');
  });

  it('dates a unit after its form law, by the SIREN, and individual entrepreneurs mostly since the micro-entrepreneur regime (2009)', () => {
    for (const r of records) {
      expect(r.created_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((r.created_on as string) < CREATED_ON_REFERENCE_DATE).toBe(true);
      if (r.legal_form === 'SAS') expect((r.created_on as string) >= '1994-01-03').toBe(true);
      if (r.legal_form === 'SASU') expect((r.created_on as string) >= '1999-07-12').toBe(true);
      if (r.legal_form === 'EI') expect((r.created_on as string) >= '1978-01-01').toBe(true);
    }
    const individuals = records.filter((r) => r.legal_form === 'EI');
    expect(share((r) => (r.created_on as string) >= '2009-01-01', individuals)).toBeGreaterThan(0.75);
    // Within a SIREN prefix, dates grow with the number (up to a tenth of the prefix's period).
    const sorted = records
      .filter((r) => r.siren.startsWith('8'))
      .map((r) => ({ siren: Number(r.siren.replaceAll(' ', '')), date: r.created_on as string }))
      .sort((a, b) => a.siren - b.siren);
    for (let i = 0, j = 0; i < sorted.length; i++) {
      while (j < sorted.length && (sorted[j]?.siren as number) - (sorted[i]?.siren as number) < 30_000_000) j++;
      if (j < sorted.length) expect((sorted[i]?.date as string) < (sorted[j]?.date as string)).toBe(true);
    }
  });

  it('closes about a year of cessations, never before creation, and keeps the head office on the first establishment', () => {
    const ceased = records.filter((r) => r.status === 'ceased');
    expect(ceased.length / records.length).toBeGreaterThan(0.07);
    expect(ceased.length / records.length).toBeLessThan(0.16);
    for (const r of ceased)
      expect((r.ceased_on as string) >= (r.created_on as string) && (r.ceased_on as string) < CREATED_ON_REFERENCE_DATE).toBe(true);
    for (const r of records.filter((x) => x.status === 'active')) expect(r.ceased_on).toBeNull();
    for (const r of records) {
      if (r.siret.slice(11, 15) === '0001' || r.legal_form === 'EI') expect(r.head_office).toBe(true);
    }
    expect(share((r) => r.head_office === false)).toBeGreaterThan(0.03);
  });

  it('hides the name and street of individual entrepreneurs who opted out of diffusion, as INSEE does, and of no company', () => {
    const hidden = records.filter((r) => r.diffusion === 'partial');
    expect(hidden.length).toBeGreaterThan(50);
    for (const r of hidden) {
      expect([r.company, r.street_address, r.legal_form, r.trade_name]).toEqual(['[ND]', '[ND]', 'EI', null]);
      expect(communeOfPair(r.city, r.postcode)).toBeDefined();
    }
  });

  it('gives INSEE employee bands: most individual entrepreneurs none, about half of companies at least one employee', () => {
    const companies = records.filter(
      (r) => ['SARL', 'EURL', 'SAS', 'SASU', 'SNC', 'SA'].includes(r.legal_form as string) && r.naf_code !== '64.20Z',
    );
    const employing = share((r) => !['NN', '00'].includes(r.employee_band as string), companies);
    expect(employing).toBeGreaterThan(0.45);
    expect(employing).toBeLessThan(0.65);
    expect(
      share(
        (r) => ['NN', '00'].includes(r.employee_band as string),
        records.filter((r) => r.legal_form === 'EI'),
      ),
    ).toBeGreaterThan(0.8);
  });

  it("gives the commune's INSEE code, second lines with CEDEX for boxes, and La Poste labels of at most 6 lines of 38 characters", () => {
    for (const r of records) {
      expect(r.insee_code).toBe(communeOfPair(r.city, r.postcode)?.code);
      const lines = r.postal_lines as string[];
      expect(lines.length).toBeLessThanOrEqual(6);
      for (const line of lines) expect(line).toMatch(/^[A-Z0-9 &]{1,38}$/);
      expect(lines.at(-1)).toBe(r.cedex ?? `${r.postcode} ${lines.at(-1)?.slice(6)}`);
      expect(/^(BP|CS) \d{5}$/.test(r.address_line_2 ?? '')).toBe(r.cedex !== null);
    }
    expect(records.filter((r) => r.cedex !== null).length).toBeGreaterThan(20);
    expect(records.filter((r) => r.trade_name !== null).length).toBeGreaterThan(200);
    expect(records.find((r) => r.city === 'Paris' && r.cedex !== null)?.cedex).toMatch(/^75[3-9]\d\d PARIS CEDEX \d\d$/);
  });

  it('refuses unknown fields with a message that lists the allowed ones', () => {
    expect(() => parseExtraFields(['vat'])).toThrow(/unknown field "vat".*vat_number, legal_form/);
    expect(() => generateCompanyFixtures(1, { seed: 1, fields: ['siret' as never] })).toThrow(RangeError);
    expect(parseExtraFields(['naf_code', 'vat_number', 'naf_code'])).toEqual(['vat_number', 'naf_code']);
  });
});
