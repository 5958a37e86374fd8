import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { CompanyRecord } from './company-record.js';
import { csvCell, toCsv } from './csv.js';
import { generateCompanies } from './generate-companies.js';

const record: CompanyRecord = {
  siret: '732 829 320 00074',
  siren: '732 829 320',
  company: 'Dupont, Fils "et" Cie',
  street_address: '=HYPERLINK("x")',
  city: 'Saint-Étienne',
  postcode: '42000',
};

describe('CSV', () => {
  it('writes RFC 4180: header, CRLF line ends, quoted fields with doubled quotes', () => {
    expect(toCsv([record])).toBe(
      'siret,siren,company,street_address,city,postcode\r\n' +
        '732 829 320 00074,732 829 320,"Dupont, Fils ""et"" Cie","\'=HYPERLINK(""x"")",Saint-Étienne,42000\r\n',
    );
  });

  it('neutralises cells a spreadsheet would read as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1`, ',').startsWith(`'`) || csvCell(`${start}1`, ',').startsWith(`"'`)).toBe(true);
    expect(csvCell('Martin SAS', ',')).toBe('Martin SAS');
  });

  it('uses a BOM and semicolons for French Excel, quoting cells that hold a semicolon', () => {
    const csv = toCsv([{ ...record, company: 'A;B' }], { excel: true });
    expect(csv.startsWith('\uFEFFsiret;siren;company;street_address;city;postcode\r\n')).toBe(true);
    expect(csv).toContain(';"A;B";');
  });
});

describe('CSV for spreadsheets and for parsers', () => {
  const zeros: CompanyRecord = {
    ...record,
    company: 'Martin SAS',
    street_address: '12 Rue des Lilas',
    city: 'Manosque',
    postcode: '04100',
  };

  it('writes SIRET, SIREN and postcode as text formulas in the excel variant only, and only for digit strings', () => {
    const line = toCsv([zeros], { excel: true }).split('\r\n')[1];
    expect(line).toBe('"=""732 829 320 00074""";"=""732 829 320""";Martin SAS;12 Rue des Lilas;Manosque;"=""04100"""');
    expect(toCsv([zeros]).split('\r\n')[1]).toBe('732 829 320 00074,732 829 320,Martin SAS,12 Rue des Lilas,Manosque,04100');
    // A value that is not a digit string gets the injection guard, never the formula.
    expect(toCsv([{ ...zeros, postcode: '=1+1' }], { excel: true })).toContain(";'=1+1\r\n");
  });

  it('parses back to the records with csv-parse in strict RFC 4180 mode (plain variant)', () => {
    const records = generateCompanies(300, { seed: 4 });
    const rows = parse(toCsv(records), { columns: true, relax_quotes: false, relax_column_count: false }) as Record<string, string>[];
    expect(rows).toEqual(records.map((r) => ({ ...r })));
  });
});
