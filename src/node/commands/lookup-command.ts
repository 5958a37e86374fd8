import { stripSeparators } from '../../core/identifiers/index.js';
import { DEFAULT_LOOKUP_SEED, lookupSiren, lookupSiret, MAX_LISTED_ESTABLISHMENTS } from '../../core/world/index.js';
import { MAX_SEED } from '../../core/company/index.js';
import type { ExtraField, Profile } from '../../core/fixtures/index.js';
import { parseFlags, usageError } from './cli-usage-error.js';
import { RECORD_OPTION_USAGE, recordOptionFlags, seedFlag } from './generate-command.js';

/** Parsed `lookup` arguments, or `help`. */
export type LookupFlags = { help: true } | { help: false; number: string; seed: number; fields: ExtraField[]; profile: Profile };

const OPTIONS = {
  seed: { type: 'string', short: 's' },
  fields: { type: 'string' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The exit code of a valid number outside the world (a usage error, an invalid number among them, exits with 2). */
export const NOT_FOUND_EXIT = 3;

/** `siret-mock lookup --help`. */
export const LOOKUP_USAGE: string = `Usage: siret-mock lookup NUMBER [flags]   (the answer goes to stdout as JSON)
  NUMBER                        a SIRET (14 digits) or a SIREN (9); spaces, dots and dashes between digits ignored
  -s, --seed S                  the world of seed S: the records generate gives for it; 0 to ${MAX_SEED} [${DEFAULT_LOOKUP_SEED}]
${RECORD_OPTION_USAGE}
  -h, --help                    print this help
  A SIRET prints its establishment's record; a SIREN prints {"siren","establishment_count","establishments"}, the head
  office first, then the others from the latest down, at most ${MAX_LISTED_ESTABLISHMENTS}.
  Exit codes: 0 found; ${NOT_FOUND_EXIT} not found (a valid number outside the world: {"error","reason","message"} on stdout);
  2 a usage error or an invalid number (its reason on stderr); 1 anything else.`;

/** Parses `lookup` arguments; throws `CliUsageError` with a one-line message on anything wrong. */
export function parseLookupFlags(argv: string[]): LookupFlags {
  const values = parseFlags('lookup', argv, OPTIONS, {}, 'number');
  if (values.help) return { help: true };
  if (values.number === undefined) throw usageError('a SIRET or SIREN to look up is required', { hint: 'see siret-mock lookup --help' });
  return { help: false, number: values.number, seed: seedFlag(values.seed) ?? DEFAULT_LOOKUP_SEED, ...recordOptionFlags(values) };
}

/**
 * What `siret-mock lookup` prints and exits with, for parsed flags: the record (a SIRET) or the unit (a SIREN) as one
 * JSON line and 0, or the not-found answer and NOT_FOUND_EXIT. An invalid number throws a usage error naming its reason.
 */
export function lookupOutput(flags: Extract<LookupFlags, { help: false }>): { text: string; code: number } {
  const { number, ...options } = flags;
  // Nine digits are a SIREN; anything else is read as a SIRET, whose reason then says what is wrong with it.
  const siren = /^\d{9}$/.test(stripSeparators(number));
  const answer = siren ? lookupSiren(number, options) : lookupSiret(number, options);
  if (answer.found) {
    const { found: _, ...unit } = answer;
    return { text: `${JSON.stringify('record' in unit ? unit.record : unit)}\n`, code: 0 };
  }
  const { found: _, ...refusal } = answer;
  if (refusal.error !== 'not_found') {
    throw usageError(`invalid ${siren ? 'SIREN' : 'SIRET'} (${refusal.reason}): ${refusal.message}`, {
      got: number,
      hint: 'give a SIRET of 14 digits or a SIREN of 9',
    });
  }
  return { text: `${JSON.stringify(refusal)}\n`, code: NOT_FOUND_EXIT };
}

/** `siret-mock lookup`: one JSON line on stdout; the exit code says whether the number was found. */
export async function runLookup(argv: string[]): Promise<number> {
  const flags = parseLookupFlags(argv);
  if (flags.help) {
    process.stdout.write(LOOKUP_USAGE + '\n');
    return 0;
  }
  const { text, code } = lookupOutput(flags);
  await new Promise<void>((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
  return code;
}
