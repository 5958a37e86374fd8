import { randomInt } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  createCompanyFixtureStream,
  EXTRA_FIELDS,
  extraColumnsOf,
  fixtureCsvHeader,
  fixtureCsvRow,
  parseExtraFields,
  PROFILES,
  type ExtraField,
  type Profile,
} from '../../core/fixtures/index.js';
import { MAX_RECORDS_PER_SEED, MAX_SEED } from '../../core/company/index.js';
import { commaListOf, mustBe, oneOf, parseFlags, usageError, wholeNumber } from './cli-usage-error.js';

const FORMATS = ['ndjson', 'json', 'csv'] as const;
type Format = (typeof FORMATS)[number];

/** Parsed `generate` flags. */
export interface GenerateFlags {
  count: number;
  seed: number;
  format: Format;
  excel: boolean;
  output: string | undefined;
  /** Extra fields (`--fields vat_number,naf_code`). */
  fields: ExtraField[];
  /** `--profile edge-cases`. */
  profile: Profile;
}

const DIGITS = /^[0-9]+$/;

const OPTIONS = {
  count: { type: 'string', short: 'n' },
  seed: { type: 'string', short: 's' },
  format: { type: 'string', short: 'f' },
  excel: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  fields: { type: 'string' },
  profile: { type: 'string' },
} as const;

/** Parses `generate` flags; throws `CliUsageError` with a one-line message on anything wrong. */
export function parseGenerateFlags(argv: string[], drawSeed: () => number): GenerateFlags {
  // The HTTP API's `quantity` is `--count` here.
  const values = parseFlags('generate', argv, OPTIONS, { quantity: 'count' });
  if (values.count === undefined) throw usageError('--count is required', { hint: `give ${wholeNumber(1, MAX_RECORDS_PER_SEED)}` });
  if (!DIGITS.test(values.count) || Number(values.count) < 1 || Number(values.count) > MAX_RECORDS_PER_SEED) {
    throw mustBe('--count', wholeNumber(1, MAX_RECORDS_PER_SEED), values.count);
  }
  const seed = seedFlag(values.seed);
  const format = (values.format ?? 'ndjson') as Format;
  if (!FORMATS.includes(format)) throw mustBe('--format', oneOf(FORMATS), format);
  if (values.excel && format !== 'csv') throw usageError('--excel needs --format csv');
  if (values.output === '') throw mustBe('--output', 'a file name', '');
  return {
    count: Number(values.count),
    seed: seed ?? drawSeed(),
    format,
    excel: values.excel ?? false,
    output: values.output,
    ...recordOptionFlags(values),
  };
}

/** The value of `--seed`, a whole number 0..MAX_SEED, or undefined when it is not given. */
export function seedFlag(text: string | undefined): number | undefined {
  if (text !== undefined && (!DIGITS.test(text) || Number(text) > MAX_SEED)) throw mustBe('--seed', wholeNumber(0, MAX_SEED), text);
  return text === undefined ? undefined : Number(text);
}

/** The record options of `--fields` and `--profile`. */
export function recordOptionFlags(values: { fields?: string; profile?: string }): { fields: ExtraField[]; profile: Profile } {
  const fields = values.fields === undefined ? [] : parseExtraFields(commaListOf('--fields', values.fields, EXTRA_FIELDS));
  const profile = (values.profile ?? 'default') as Profile;
  if (!PROFILES.includes(profile)) throw mustBe('--profile', oneOf(PROFILES), profile);
  return { fields, profile };
}

/** The `--fields` and `--profile` lines of a command's help, as `generate` and `lookup` show them. */
export const RECORD_OPTION_USAGE: string = `      --fields LIST             extra fields, comma-separated: ${EXTRA_FIELDS.join(',')} [none]
      --profile NAME            ${PROFILES.join(', ')} (edge-cases: long, NFD names...; negative: cases a form must refuse) [default]`;

/**
 * Writes `flags.count` records to `out` in constant memory: records are encoded into one reusable buffer, and each write
 * is awaited before the buffer is filled again, so neither strings nor buffers pile up whatever the count.
 */
export async function writeRecords(out: Writable, flags: GenerateFlags, onProgress?: (done: number) => void): Promise<void> {
  const recordOptions = { fields: flags.fields, profile: flags.profile };
  const stream = createCompanyFixtureStream({ seed: flags.seed, ...recordOptions });
  const csv = { excel: flags.excel };
  const columns = extraColumnsOf(recordOptions);
  // One 64 KiB buffer, reused for every chunk of about 16 KiB of text (a record is well under 1 KiB even in UTF-8), so that
  // writing a million records allocates no buffer per chunk.
  const buffer = Buffer.allocUnsafe(65_536);
  const flush = async (text: string): Promise<void> => {
    const bytes = buffer.write(text, 'utf8');
    await new Promise<void>((resolve, reject) => out.write(buffer.subarray(0, bytes), (error) => (error ? reject(error) : resolve())));
  };
  let chunk = flags.format === 'csv' ? fixtureCsvHeader(columns, csv) : flags.format === 'json' ? '[\n' : '';
  for (let i = 0; i < flags.count; i++) {
    const record = stream.next();
    if (flags.format === 'csv') chunk += fixtureCsvRow(record, columns, csv);
    else if (flags.format === 'json') chunk += (i > 0 ? ',\n' : '') + JSON.stringify(record);
    else chunk += JSON.stringify(record) + '\n';
    if (chunk.length >= 16_384) {
      await flush(chunk);
      chunk = '';
      onProgress?.(i + 1);
    }
  }
  if (flags.format === 'json') chunk += flags.count > 0 ? '\n]\n' : ']\n';
  if (chunk) await flush(chunk);
  onProgress?.(flags.count);
}

function createProgressBar(total: number): (done: number) => void {
  let lastPercent = -1;
  return (done) => {
    const percent = Math.floor((100 * done) / total);
    if (percent === lastPercent) return;
    lastPercent = percent;
    const width = 30;
    const filled = Math.round((width * done) / total);
    process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% ${done}/${total}`);
    if (done === total) process.stderr.write('\n');
  };
}

/** `siret-mock generate --help`. */
export const GENERATE_USAGE: string = `Usage: siret-mock generate --count N [flags]   (records go to stdout, or to --output)
  -n, --count N                 how many records, 1 to ${MAX_RECORDS_PER_SEED} (required; the HTTP API's quantity)
  -s, --seed S                  same seed, same records; 0 to ${MAX_SEED} [random]
  -f, --format ndjson|json|csv  one JSON object per line, a JSON array, or RFC 4180 CSV [ndjson]
      --excel                   with --format csv: UTF-8 BOM and ";" for French Excel
  -o, --output FILE             write to FILE instead of stdout
${RECORD_OPTION_USAGE}
  -h, --help                    print this help`;

/** `siret-mock generate`: only data goes to stdout (or --output); a progress bar goes to stderr when it is a terminal. */
export async function runGenerate(argv: string[]): Promise<number> {
  // Before parsing, so that help needs no --count; after `--`, a "--help" is nobody's flag.
  const flagsEnd = argv.indexOf('--');
  if ((flagsEnd < 0 ? argv : argv.slice(0, flagsEnd)).some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(GENERATE_USAGE + '\n');
    return 0;
  }
  const flags = parseGenerateFlags(argv, () => randomInt(0, MAX_SEED));
  const out: Writable = flags.output ? createWriteStream(flags.output) : process.stdout;
  if (flags.output) await once(out, 'open');
  // A closed pipe (`| head`) is a normal way to stop reading: stop quietly. Other write errors end the command.
  let writeError: NodeJS.ErrnoException | undefined;
  out.on('error', (error: NodeJS.ErrnoException) => {
    writeError ??= error;
  });
  const progress = process.stderr.isTTY ? createProgressBar(flags.count) : undefined;
  try {
    await writeRecords(out, flags, (done) => {
      if (writeError) throw writeError;
      progress?.(done);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    throw error;
  }
  if (flags.output) {
    out.end();
    await once(out, 'finish');
  }
  return 0;
}
