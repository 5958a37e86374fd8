/** A bad command line: the CLI prints its message on one line and exits with code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/** Turns `util.parseArgs` errors ("Unknown option '--x'...") into one-line usage errors. */
export function toUsageError(error: unknown): CliUsageError {
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? 'bad arguments') : String(error);
  return new CliUsageError(message.replace(/\. To specify a positional argument.*$/, ''));
}

/** What `joinNegativeValues` needs of a `util.parseArgs` option. */
interface ValueOption {
  type: 'string' | 'boolean';
  short?: string;
}

/**
 * `util.parseArgs` refuses an option value that starts with `-` (`--seed -1`: "argument is ambiguous"), so a negative
 * number would never reach the range check. Writes such a value into its option (`--seed=-1`), so it gets the same
 * message as any other bad value. Arguments after `--` are left alone.
 */
export function joinNegativeValues(argv: readonly string[], options: Readonly<Record<string, ValueOption>>): string[] {
  const longName = (arg: string): string | undefined => {
    if (arg.startsWith('--')) return arg.slice(2);
    if (/^-[^-]$/.test(arg)) return Object.keys(options).find((name) => options[name]?.short === arg[1]);
    return undefined;
  };
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return [...joined, ...argv.slice(i)];
    const name = longName(arg);
    const next = argv[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-[0-9.]/.test(next)) {
      joined.push(`--${name}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}
