import { COMPANY_FIELDS, type CompanyRecord } from './company-record.js';

/** CSV dialect: RFC 4180 with `,`, or the spreadsheet variant with `;`, a UTF-8 byte order mark and digit strings kept as text. */
export interface CsvOptions {
  /**
   * Spreadsheet variant: `;` separators and a BOM, so French Excel opens it in columns with accents intact, and the SIRET,
   * SIREN and postcode cells written `="04400"` so that spreadsheets keep them as text (leading zeros, spaces) in every
   * locale. Meant for spreadsheets, not parsers: give parsers the default. @default false
   */
  excel?: boolean;
}

const BOM = '\uFEFF';
// OWASP CSV injection: a cell a spreadsheet could read as a formula starts with one of these.
const FORMULA_START = /^[=+\-@\t\r]/;
// The record's own digit strings: a spreadsheet reads "04400" as the number 4400, and "340 231 513" as 340231513 in locales
// whose thousands separator is a space. A formula returning the text keeps them as written; only values made of digits and
// spaces get it, so no data can reach a formula.
const DIGIT_FIELDS: ReadonlySet<string> = new Set(['siret', 'siren', 'postcode']);
const DIGITS = /^[0-9][0-9 ]*$/;

/** One cell, neutralised against formula injection and quoted when it holds the separator, a quote, CR or LF. */
export function csvCell(value: string, separator: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header line (with the BOM in Excel mode), CRLF-terminated. */
export function csvHeader(options: CsvOptions = {}): string {
  const separator = options.excel ? ';' : ',';
  return (options.excel ? BOM : '') + COMPANY_FIELDS.join(separator) + '\r\n';
}

/** One record as a CRLF-terminated CSV line. */
export function csvRow(record: CompanyRecord, options: CsvOptions = {}): string {
  const separator = options.excel ? ';' : ',';
  let line = '';
  for (let i = 0; i < COMPANY_FIELDS.length; i++) {
    if (i > 0) line += separator;
    const field = COMPANY_FIELDS[i] as keyof CompanyRecord;
    const value = record[field];
    line += options.excel && DIGIT_FIELDS.has(field) && DIGITS.test(value) ? `"=""${value}"""` : csvCell(value, separator);
  }
  return line + '\r\n';
}

/**
 * A whole CSV document: header row then one line per record, CRLF line ends (RFC 4180).
 * @example toCsv(generateCompanies(3, { seed: 1 }), { excel: true })
 */
export function toCsv(records: readonly CompanyRecord[], options: CsvOptions = {}): string {
  let out = csvHeader(options);
  for (const record of records) out += csvRow(record, options);
  return out;
}
