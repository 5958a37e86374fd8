#!/usr/bin/env node
// The `siret-mock` command: `generate` writes fixtures, `identifiers` writes validator fixtures, `serve` runs the HTTP server.
import { EXTRA_FIELDS, PROFILES } from '../core/fixtures/record-options.js';
import { CliUsageError, usageError } from './cli-usage-error.js';

const USAGE = `Usage:
  siret-mock generate --count N [--seed S] [--format ndjson|json|csv] [--excel] [--output FILE]
                     [--fields ${EXTRA_FIELDS.join(',')}] [--profile ${PROFILES.join('|')}]
  siret-mock identifiers --count N [--seed S]   (NDJSON {kind,identifier,value,valid,plausible}; identifiers --help for kinds)
  siret-mock serve [--port 3000] [--host 127.0.0.1] [...]   (siret-mock serve --help for every flag)
  siret-mock --version`;

const COMMANDS = 'use generate, identifiers or serve';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'generate':
      return (await import('./generate-command.js')).runGenerate(rest);
    case 'identifiers':
      return (await import('./identifiers-command.js')).runIdentifiers(rest);
    case 'serve':
      return (await import('./serve-command.js')).runServe(rest);
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE + '\n');
      return 0;
    case '--version':
    case '-v':
      // Loaded, not imported: a module this entry imports and a library chunk shares would be bundled into the entry, and
      // the library would then run the CLI.
      process.stdout.write((await import('../http/package-version.js')).PACKAGE_VERSION + '\n');
      return 0;
    case undefined:
      throw usageError('missing command', { hint: COMMANDS });
    default:
      throw usageError(`unknown command ${JSON.stringify(command)}`, { hint: COMMANDS });
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
