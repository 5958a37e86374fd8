// The Excel variant writes SIRET, SIREN and postcode as ="04400" so a spreadsheet keeps them as text; the table shows the value.
const TEXT_FORCED = /^="([0-9 ]+)"$/;
const unwrap = (cell: string): string => TEXT_FORCED.exec(cell)?.[1] ?? cell;

/**
 * Parses RFC 4180 text (quoted fields, doubled quotes, CRLF or LF) into rows of cells. Accepts `,` or the Excel `;`
 * separator, drops a leading BOM and reads the Excel variant's text-forced digits (`="04400"`) as their value. Small on
 * purpose: it only has to read what the service writes.
 */
export function parseCsv(text: string, separator: string = (text.split('\n', 1)[0] ?? '').includes(';') ? ';' : ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(unwrap(cell));
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      row.push(unwrap(cell));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(unwrap(cell));
    rows.push(row);
  }
  return rows;
}
