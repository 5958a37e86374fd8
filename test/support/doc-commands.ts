// Runs the shell commands a page shows before an output sample, in-process, through the package's own functions: the CLI's
// flag parsers and writers for `siret-mock generate`, `identifiers` and `lookup`, and `curl` against the app that `siret-mock serve`
// (with the block's flags) would run. The app's clock stands still at DOCS_NOW, so `generated_at` and reset times are
// repeatable. Anything else is refused, so a sample can never sit under a command the check cannot run.
import { STATUS_CODES } from 'node:http';
import { Writable } from 'node:stream';
import { createIdentifierFixtureStream } from '../../src/core/identifiers/index.js';
import { createApp, type App } from '../../src/http/index.js';
import { parseGenerateFlags, writeRecords } from '../../src/node/commands/generate-command.js';
import { parseIdentifiersFlags } from '../../src/node/commands/identifiers-command.js';
import { lookupOutput, parseLookupFlags } from '../../src/node/commands/lookup-command.js';
import { parseServeArgs } from '../../src/node/commands/serve-flags.js';

/** The instant the server samples of the docs are taken at. */
const DOCS_NOW: number = Date.parse('2026-11-22T05:35:35Z');

/** The words of a shell line: quotes honoured, a `#` that starts a word begins a comment. */
function words(line: string): string[] {
  const result: string[] = [];
  for (const [, word] of line.matchAll(/\s*((?:'[^']*'|"(?:\\.|[^"\\])*"|[^\s'"])+)/g)) {
    if ((word as string).startsWith('#')) break;
    result.push(
      (word as string).replace(/'([^']*)'|"((?:\\.|[^"\\])*)"/g, (_, single?: string, double?: string) => single ?? double ?? ''),
    );
  }
  return result;
}

const noSeed = (): number => {
  throw new Error('an output sample needs a seeded command: add --seed');
};

async function generate(args: string[]): Promise<string> {
  const flags = parseGenerateFlags(args, noSeed);
  if (flags.output !== undefined) throw new Error('an output sample needs the records on stdout: leave out --output');
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  await writeRecords(out, flags);
  return Buffer.concat(chunks).toString('utf8');
}

function identifiers(args: string[]): string {
  const flags = parseIdentifiersFlags(args, noSeed);
  if (flags.help) throw new Error('identifiers --help is not an output sample');
  const stream = createIdentifierFixtureStream({ seed: flags.seed });
  let text = '';
  for (let i = 0; i < flags.count; i++) text += `${JSON.stringify(stream.next())}\n`;
  return text;
}

function lookup(args: string[]): string {
  const flags = parseLookupFlags(args);
  if (flags.help) throw new Error('lookup --help is not an output sample');
  return lookupOutput(flags).text;
}

async function curl(app: App, args: string[]): Promise<string> {
  let method = 'GET';
  let headersOut = false;
  let body: string | undefined;
  let url: string | undefined;
  const headers = new Headers();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-s' || arg === '-sS' || arg === '--retry-connrefused') continue;
    else if (arg === '--retry') i++;
    else if (arg === '-i' || arg === '-si') headersOut = true;
    else if (arg === '-I' || arg === '-sI') [method, headersOut] = ['HEAD', true];
    else if (arg === '-X') method = args[++i] as string;
    else if (arg === '-H') {
      const [name = '', ...value] = (args[++i] as string).split(':');
      headers.append(name, value.join(':').trim());
    } else if (arg === '-d') [body, method] = [args[++i], method === 'GET' ? 'POST' : method];
    else if (!arg.startsWith('-') && url === undefined) url = /^https?:\/\//.test(arg) ? arg : `http://${arg}`;
    else throw new Error(`curl ${arg}: the docs check runs -s, -i, -I, -X, -H, -d and --retry`);
  }
  if (url === undefined) throw new Error('curl without a URL');
  const response = await app.fetch(new Request(url, { method, headers, body }), { caller: '127.0.0.1' });
  const text = await response.text();
  if (!headersOut) return text;
  const head = [
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`,
    ...[...response.headers].map(([name, value]) => `${name}: ${value}`),
  ];
  return `${head.join('\n')}\n\n${text}`;
}

/**
 * The output of a shell block: `siret-mock serve [flags] &` sets up the app the block's `curl` commands reach (default
 * flags without it) and `kill $!` stops it; `siret-mock generate`, `identifiers`, `lookup` and `curl` print. `npx`,
 * `node_modules/.bin/siret-mock`, `npm run -s generate --` and `npm start --` are read as the CLI. Throws on any other
 * command.
 */
export async function runShellBlock(script: string): Promise<string> {
  const clock = { now: (): number => DOCS_NOW };
  let app: App | undefined;
  let output = '';
  for (const line of script.replace(/\\\n/g, ' ').split('\n')) {
    let argv = words(line);
    if (argv.at(-1) === '&') argv = argv.slice(0, -1);
    if (argv.length === 0) continue;
    if (argv[0] === 'npx') argv = argv.slice(1);
    if (argv[0] === 'node_modules/.bin/siret-mock') argv[0] = 'siret-mock';
    if (argv[0] === 'npm' && argv[1] === 'start' && argv[2] === '--') argv = ['siret-mock', 'serve', ...argv.slice(3)];
    if (argv[0] === 'npm' && argv.slice(1, 4).join(' ') === 'run -s generate' && argv[4] === '--')
      argv = ['siret-mock', 'generate', ...argv.slice(5)];
    const [command, sub, ...args] = argv;
    if (command === 'siret-mock' && sub === 'serve') app = createApp({ ...parseServeArgs(args, {}).server, clock });
    else if (command === 'siret-mock' && sub === 'generate') output += await generate(args);
    else if (command === 'siret-mock' && sub === 'identifiers') output += identifiers(args);
    else if (command === 'siret-mock' && sub === 'lookup') output += lookup(args);
    else if (command === 'curl') output += await curl((app ??= createApp({ clock })), argv.slice(1));
    else if (command === 'kill' && sub === '$!') app = undefined;
    else throw new Error(`the docs check cannot run "${line.trim()}" (it runs siret-mock serve, generate, identifiers, lookup and curl)`);
  }
  return output;
}
