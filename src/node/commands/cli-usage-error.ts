import { parseArgs } from 'node:util';

/** A bad command line: the CLI prints `siret-mock: <message>` on one line and exits with code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/**
 * The one shape of every usage error: what is wrong, the value given when it is not a secret, then what to do.
 * `usageError('unknown flag --x', { hint: 'see siret-mock generate --help' })` reads "unknown flag --x; see ...".
 */
export function usageError(problem: string, { got, hint }: { got?: string; hint?: string } = {}): CliUsageError {
  return new CliUsageError(`${problem}${got === undefined ? '' : `, got ${JSON.stringify(got)}`}${hint === undefined ? '' : `; ${hint}`}`);
}

/** `--flag must be <allowed>, got "<value>"`; leave `got` out for a secret. */
export const mustBe = (flag: string, allowed: string, got?: string): CliUsageError =>
  usageError(`${flag} must be ${allowed}`, got === undefined ? {} : { got });

/** `a whole number from 1 to 10`, as every range reads. */
export const wholeNumber = (min: number, max: number): string => `a whole number from ${min} to ${max}`;

/** `one of a, b, c`, as every list of allowed values reads. */
export const oneOf = (allowed: readonly string[]): string => `one of ${allowed.join(', ')}`;

/** `text` split at commas when every item is one of `allowed`; else `--flag must be a comma-separated list of ...`. */
export function commaListOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T[] {
  const items = text.split(',');
  if (items.every((item) => (allowed as readonly string[]).includes(item))) return items as T[];
  throw mustBe(flag, `a comma-separated list of ${allowed.join(', ')}`, text);
}

/** A command's flags as `util.parseArgs` options. */
type FlagOptions = Readonly<Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>>;

/** What `parseFlags` returns: each flag given, as a string, a string list (`multiple`) or `true`. */
export type FlagValues<T extends FlagOptions> = {
  -readonly [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : T[K]['multiple'] extends true ? string[] : string;
};

/**
 * Reads a command's flags with `util.parseArgs` in its lenient mode, then words what is wrong the way every usage error
 * reads: an unknown flag (with the flag meant when `meant` names it: `{ quantity: 'count' }`), a flag without its value,
 * a value given to a switch, a stray argument. A value may start with "-" when it is a number (`--seed -1`), so it gets
 * the range message of any other bad value. A command that takes one argument names it (`positional`): it is read under
 * that name, and a second one is a stray argument.
 */
export function parseFlags<const T extends FlagOptions, const P extends string = never>(
  command: string,
  argv: readonly string[],
  options: T,
  meant: Readonly<Record<string, keyof T & string>> = {},
  positional?: P,
): FlagValues<T> & { [K in P]?: string } {
  const help = `see siret-mock ${command} --help`;
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | string[] | boolean> = {};
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      if (positional === undefined || values[positional] !== undefined)
        throw usageError(`unexpected argument ${JSON.stringify(token.value)}`, { hint: help });
      values[positional] = token.value;
      continue;
    }
    const option = options[token.name];
    if (option === undefined) {
      const flag = meant[token.name];
      throw usageError(`unknown flag ${token.rawName}`, { hint: flag === undefined ? help : `did you mean --${flag}?` });
    }
    const flag = `--${token.name}`;
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw usageError(`${flag} takes no value`, { got: token.value });
      values[token.name] = true;
    } else if (token.value === undefined || (!token.inlineValue && /^-[^0-9.]/.test(token.value))) {
      // `--output --seed 3`: the next flag is not a value; numbers such as -1 are, for the range message.
      throw usageError(`${flag} needs a value`, { hint: help });
    } else if (option.multiple) {
      values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), token.value];
    } else {
      values[token.name] = token.value;
    }
  }
  return values as FlagValues<T> & { [K in P]?: string };
}
