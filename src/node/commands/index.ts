// The commands of `siret-mock`, each loaded when it runs: a command's code and data load for that command only.
export { CliUsageError, usageError } from './cli-usage-error.js';

/** Each command by name: loads its module, then runs it on the arguments after the name; resolves to the exit code. */
export const COMMANDS: Readonly<Record<'generate' | 'identifiers' | 'lookup' | 'serve', (argv: string[]) => Promise<number>>> = {
  generate: async (argv) => (await import('./generate-command.js')).runGenerate(argv),
  identifiers: async (argv) => (await import('./identifiers-command.js')).runIdentifiers(argv),
  lookup: async (argv) => (await import('./lookup-command.js')).runLookup(argv),
  serve: async (argv) => (await import('./serve-command.js')).runServe(argv),
};
