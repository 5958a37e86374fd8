import { randomInt } from 'node:crypto';
import { createIdentifierFixtureStream, IDENTIFIER_FIXTURE_CYCLE } from '../../core/identifiers/index.js';
import { mustBe, parseFlags, usageError, wholeNumber } from './cli-usage-error.js';

const MAX_SEED = 0xffffffff;
const MAX_COUNT = 10_000_000;
const DIGITS = /^[0-9]+$/;
const OPTIONS = {
  count: { type: 'string', short: 'n' },
  seed: { type: 'string', short: 's' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `siret-mock identifiers --help`. */
export const IDENTIFIERS_USAGE: string = `Usage: siret-mock identifiers --count N [--seed S]
  Writes N identifier fixtures for validator tests as NDJSON, one {"kind","identifier","value","valid","plausible"} a line.
  --count, -n N   how many fixtures, 1..${MAX_COUNT}
  --seed, -s S    0..${MAX_SEED}; the same seed gives the same fixtures  [random]
  kinds: ${[...new Set(IDENTIFIER_FIXTURE_CYCLE.map(([kind]) => kind))].join(', ')}`;

/** Parsed `identifiers` flags, or `help`. */
export type IdentifiersFlags = { help: true } | { help: false; count: number; seed: number };

/** Parses `identifiers` flags; throws `CliUsageError` with a one-line message on anything wrong. */
export function parseIdentifiersFlags(argv: string[], drawSeed: () => number): IdentifiersFlags {
  const values = parseFlags('identifiers', argv, OPTIONS, { quantity: 'count' });
  if (values.help) return { help: true };
  if (values.count === undefined) throw usageError('--count is required', { hint: `give ${wholeNumber(1, MAX_COUNT)}` });
  if (!DIGITS.test(values.count) || Number(values.count) < 1 || Number(values.count) > MAX_COUNT) {
    throw mustBe('--count', wholeNumber(1, MAX_COUNT), values.count);
  }
  if (values.seed !== undefined && (!DIGITS.test(values.seed) || Number(values.seed) > MAX_SEED)) {
    throw mustBe('--seed', wholeNumber(0, MAX_SEED), values.seed);
  }
  return { help: false, count: Number(values.count), seed: values.seed === undefined ? drawSeed() : Number(values.seed) };
}

/** `siret-mock identifiers`: NDJSON on stdout, written in chunks that wait for the pipe; a closed pipe ends it quietly. */
export async function runIdentifiers(argv: string[]): Promise<number> {
  const flags = parseIdentifiersFlags(argv, () => randomInt(0, MAX_SEED));
  if (flags.help) {
    process.stdout.write(IDENTIFIERS_USAGE + '\n');
    return 0;
  }
  const stream = createIdentifierFixtureStream({ seed: flags.seed });
  // The write callback reports the error; this listener keeps the stream's 'error' event from ending the process.
  process.stdout.on('error', () => {});
  const write = (text: string): Promise<void> =>
    new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
  try {
    let chunk = '';
    for (let i = 0; i < flags.count; i++) {
      chunk += JSON.stringify(stream.next()) + '\n';
      if (chunk.length >= 16_384) {
        await write(chunk);
        chunk = '';
      }
    }
    if (chunk) await write(chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    throw error;
  }
  return 0;
}
