/** A bad command line: the CLI prints its message on one line and exits with code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/** Turns `util.parseArgs` errors ("Unknown option '--x'...") into one-line usage errors. */
export function toUsageError(error: unknown): CliUsageError {
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? 'bad arguments') : String(error);
  return new CliUsageError(message.replace(/\. To specify a positional argument.*$/, ''));
}
