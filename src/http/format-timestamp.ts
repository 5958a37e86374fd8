/**
 * Epoch milliseconds as RFC 3339 with an explicit offset and whole seconds, the form the service shows.
 * @example formatTimestamp(Date.UTC(2026, 10, 22, 5, 35, 35)) // '2026-11-22T05:35:35+00:00'
 */
export function formatTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19) + '+00:00';
}
