// Content negotiation for the one choice the API offers: CSV or JSON.

function qualityOf(params: string[]): number {
  for (let i = 1; i < params.length; i++) {
    const [name, value] = (params[i] as string).split('=');
    if (name?.trim().toLowerCase() === 'q') {
      const q = Number(value?.trim());
      return Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 1;
    }
  }
  return 1;
}

/**
 * True when an `Accept` header prefers `text/csv` over `application/json`: each type takes the q-value of its most specific
 * matching range (`text/csv` over `text/*` over `* /*`), and a tie (as with `* /*` alone) means JSON.
 * @example prefersCsv('text/csv, application/json;q=0.5') // true
 */
export function prefersCsv(header: string | null): boolean {
  if (header === null) return false;
  const accept = header.toLowerCase();
  // Fast path: most requests carry no CSV range at all.
  if (!accept.includes('csv') && !accept.includes('text/*')) return false;
  // [specificity, q] of the best match so far, for CSV and JSON.
  let csv: [number, number] = [-1, 0];
  let json: [number, number] = [-1, 0];
  for (const range of accept.split(',')) {
    const params = range.split(';');
    const type = (params[0] as string).trim();
    const q = qualityOf(params);
    const csvSpecificity = type === 'text/csv' ? 2 : type === 'text/*' ? 1 : type === '*/*' ? 0 : -1;
    const jsonSpecificity = type === 'application/json' ? 2 : type === 'application/*' ? 1 : type === '*/*' ? 0 : -1;
    if (csvSpecificity > csv[0]) csv = [csvSpecificity, q];
    if (jsonSpecificity > json[0]) json = [jsonSpecificity, q];
  }
  return csv[1] > json[1];
}
