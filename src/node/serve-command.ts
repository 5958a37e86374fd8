import { CliUsageError } from './cli-usage-error.js';

// Placeholder until the server lands (issue 4): replaced by the real `serve` command.
export async function runServe(_argv: string[]): Promise<number> {
  throw new CliUsageError('serve is not available yet');
}
