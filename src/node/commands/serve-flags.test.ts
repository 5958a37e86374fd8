import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flagSynopsis, serveFlags, SERVE_USAGE } from './serve-flags.js';

// docs/server.md holds the table of the serve flags (flag, environment variable, default, meaning). The flag table in
// serve-flags.ts is the source: this test keeps the page's table in step with it.
function flagRows(file: string): Array<{ flag: string; env: string; default: string }> {
  const text = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
  return (
    text
      .split('\n')
      .filter((line) => line.startsWith('| `--'))
      .map((line) => {
        const cells = line
          .split(/(?<!\\)\|/)
          .slice(1, -1)
          .map((cell) => cell.trim().replace(/\\\|/g, '|'));
        return {
          flag: (cells[0] ?? '').replace(/`/g, ''),
          env: (cells[1] ?? '').replace(/`/g, '').replace(/ \(comma-separated\)$/, ''),
          default: cells[2] ?? '',
        };
      })
      // The serve table's rows (other commands' tables have no environment variables).
      .filter((row) => row.env.startsWith('SIRET_MOCK_') || (row.flag === '--help' && row.env === ''))
  );
}

const expected = () =>
  serveFlags.map((flag) => ({
    flag: flagSynopsis(flag),
    env: flag.env ?? '',
    default: flag.defaultText === undefined ? '' : flag.literal ? `\`${flag.defaultText}\`` : flag.defaultText,
  }));

describe('the serve flag table', () => {
  it('is what docs/server.md lists (flag, environment variable, default)', () => {
    expect(flagRows('docs/server.md')).toEqual(expected());
  });

  it('gives every flag a line of the usage text, and no line past 100 columns', () => {
    const lines = SERVE_USAGE.split('\n');
    for (const flag of serveFlags) {
      const synopsis = `  ${flagSynopsis(flag)}`;
      expect(lines.some((line) => line === synopsis || line.startsWith(`${synopsis}  (`))).toBe(true);
    }
    expect(lines.filter((line) => line.length > 100)).toEqual([]);
  });
});
