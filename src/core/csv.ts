import { COMPANY_FIELDS, type CompanyRecord } from './company-record.js';

/** CSV dialect: RFC 4180 with `,`, or the French-Excel variant with `;` and a UTF-8 byte order mark. */
export interface CsvOptions {
  /** Use `;` and start the file with a BOM, so French Excel opens it in columns with accents intact. @default false */
  excel?: boolean;
}

const BOM = '\uFEFF';
// OWASP CSV injection: a cell a spreadsheet could read as a formula starts with one of these.
const FORMULA_START = /^[=+\-@\t\r]/;

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
    line += csvCell(record[COMPANY_FIELDS[i] as keyof CompanyRecord], separator);
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
