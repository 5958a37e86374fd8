import { extraKeysOf } from './company-fixtures.js';
import { csvCell, csvHeader, csvRow, type CsvOptions } from './csv.js';
import { resolveRecordOptions, type FixtureRecord, type RecordOptions } from './record-options.js';

/** The columns a record has beyond the API's six, for the given options, in the order records carry them. */
export function extraColumnsOf(options: RecordOptions): string[] {
  const resolved = resolveRecordOptions(options);
  return resolved === undefined ? [] : extraKeysOf(resolved);
}

// null (no legal form, no second line) and an absent field (no VAT number) are empty cells; a list (edge cases, the
// postal label's lines) is one cell, `|`-separated; booleans are `true` or `false`.
function text(value: unknown): string {
  return value === null || value === undefined ? '' : Array.isArray(value) ? value.join('|') : String(value);
}

/** The CSV header with the extra columns appended (CRLF-terminated, BOM in Excel mode). */
export function fixtureCsvHeader(columns: readonly string[], options: CsvOptions = {}): string {
  const separator = options.excel ? ';' : ',';
  const head = csvHeader(options);
  return columns.length === 0 ? head : head.slice(0, -2) + columns.map((c) => separator + c).join('') + '\r\n';
}

/** One CSV line with the extra columns' cells appended, neutralised and quoted like the others. */
export function fixtureCsvRow(record: FixtureRecord, columns: readonly string[], options: CsvOptions = {}): string {
  const separator = options.excel ? ';' : ',';
  const row = csvRow(record, options);
  if (columns.length === 0) return row;
  let extra = '';
  for (const column of columns) extra += separator + csvCell(text((record as unknown as Record<string, unknown>)[column]), separator);
  return row.slice(0, -2) + extra + '\r\n';
}

/** A CSV document of records with extra columns (see `toCsv`). */
export function toFixtureCsv(records: readonly FixtureRecord[], columns: readonly string[], options: CsvOptions = {}): string {
  let out = fixtureCsvHeader(columns, options);
  for (const record of records) out += fixtureCsvRow(record, columns, options);
  return out;
}
