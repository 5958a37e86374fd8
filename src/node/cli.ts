#!/usr/bin/env node
// The `siret-mock` command: `generate` writes fixtures, `identifiers` writes validator fixtures, `lookup` finds a number's
// company, `serve` runs the HTTP server.
import { EXTRA_FIELDS, PROFILES } from '../core/fixtures/record-options.js';
import { CliUsageError, COMMANDS, usageError } from './commands/index.js';

const USAGE = `Usage:
  siret-mock generate --count N [--seed S] [--format ndjson|json|csv] [--excel] [--output FILE]
                     [--fields ${EXTRA_FIELDS.join(',')}] [--profile ${PROFILES.join('|')}]
  siret-mock identifiers --count N [--seed S]   (NDJSON {kind,identifier,value,valid,plausible}; identifiers --help for kinds)
  siret-mock lookup NUMBER [--seed S] [--fields ...] [--profile ...]   (a SIRET's record or a SIREN's unit; lookup --help)
  siret-mock serve [--port N] [--host HOST] [...]   (siret-mock serve --help for every flag and its default)
  siret-mock --version`;

const HINT = `use ${Object.keys(COMMANDS)
  .join(', ')
  .replace(/, (?=[^,]*$)/, ' or ')}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && Object.hasOwn(COMMANDS, command)) return COMMANDS[command as keyof typeof COMMANDS](rest);
  switch (command) {
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE + '\n');
      return 0;
    case '--version':
    case '-v':
      // Loaded, not imported: a module this entry imports and a library chunk shares would be bundled into the entry, and
      // the library would then run the CLI.
      process.stdout.write((await import('../http/index.js')).PACKAGE_VERSION + '\n');
      return 0;
    case undefined:
      throw usageError('missing command', { hint: HINT });
    default:
      throw usageError(`unknown command ${JSON.stringify(command)}`, { hint: HINT });
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliUsageError) {
      process.stderr.write(`siret-mock: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`siret-mock: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
