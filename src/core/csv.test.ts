import { describe, expect, it } from 'vitest';
import type { CompanyRecord } from './company-record.js';
import { csvCell, toCsv } from './csv.js';

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
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`, ',').startsWith(`'`) || csvCell(`${start}1`, ',').startsWith(`"'`)).toBe(true);
    expect(csvCell('Martin SAS', ',')).toBe('Martin SAS');
  });

  it('uses a BOM and semicolons for French Excel, quoting cells that hold a semicolon', () => {
    const csv = toCsv([{ ...record, company: 'A;B' }], { excel: true });
    expect(csv.startsWith('\uFEFFsiret;siren;company;street_address;city;postcode\r\n')).toBe(true);
    expect(csv).toContain(';"A;B";');
  });
});
