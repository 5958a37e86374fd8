import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CliUsageError, parseFlags } from './cli-usage-error.js';
import { parseGenerateFlags } from './generate-command.js';
import { parseIdentifiersFlags } from './identifiers-command.js';
import { parseServeArgs } from './serve-flags.js';

const drawSeed = (): number => 7;

describe('parseFlags', () => {
  const options = { count: { type: 'string', short: 'n' }, excel: { type: 'boolean' }, pass: { type: 'string', multiple: true } } as const;

  it('reads long and short flags, inline values, repeated flags, and numbers that start with "-"', () => {
    expect(parseFlags('generate', ['-n5', '--excel', '--pass', 'a', '--pass=b'], options)).toEqual({
      count: '5',
      excel: true,
      pass: ['a', 'b'],
    });
    expect(parseFlags('generate', ['--count', '-5'], options)).toEqual({ count: '-5' });
    expect(parseFlags('generate', ['-n', '-0.5'], options)).toEqual({ count: '-0.5' });
  });

  it.each([
    [['--quantity', '5'], 'unknown flag --quantity; did you mean --count?'],
    [['--quantity=5'], 'unknown flag --quantity; did you mean --count?'],
    [['--bogus'], 'unknown flag --bogus; see siret-mock generate --help'],
    [['-x'], 'unknown flag -x; see siret-mock generate --help'],
    [['--count'], '--count needs a value; see siret-mock generate --help'],
    [['--count', '--excel'], '--count needs a value; see siret-mock generate --help'],
    [['--excel=yes'], '--excel takes no value, got "yes"'],
    [['5'], 'unexpected argument "5"; see siret-mock generate --help'],
    [['--', '--count'], 'unexpected argument "--count"; see siret-mock generate --help'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseFlags('generate', argv, options, { quantity: 'count' })).toThrow(new CliUsageError(message));
  });
});

describe('negative and out-of-range numbers get the range message of every other bad value', () => {
  it.each([
    [['--count', '-5'], '--count must be a whole number from 1 to 69999999, got "-5"'],
    [['-n', '-5'], '--count must be a whole number from 1 to 69999999, got "-5"'],
    [['--count', '70000000'], '--count must be a whole number from 1 to 69999999, got "70000000"'],
    [['--count', '5', '--seed', '-1'], '--seed must be a whole number from 0 to 4294967295, got "-1"'],
    [['--count', '5', '-s', '-1'], '--seed must be a whole number from 0 to 4294967295, got "-1"'],
    [['--count', '5', '--seed', '4294967296'], '--seed must be a whole number from 0 to 4294967295, got "4294967296"'],
  ])('generate %j', (argv, message) => {
    expect(() => parseGenerateFlags(argv, drawSeed)).toThrow(message);
  });

  it.each([
    [['--count', '-1'], '--count must be a whole number from 1 to 10000000, got "-1"'],
    [['--count', '3', '--seed', '-2'], '--seed must be a whole number from 0 to 4294967295, got "-2"'],
  ])('identifiers %j', (argv, message) => {
    expect(() => parseIdentifiersFlags(argv, drawSeed)).toThrow(message);
  });

  it.each([
    [['--port', '-1'], '--port must be a whole number from 0 to 65535, got "-1"'],
    [['--port', '65536'], '--port must be a whole number from 0 to 65535, got "65536"'],
    [['--seed', '-1'], '--seed must be a whole number from 0 to 4294967295, got "-1"'],
    [['--trust-proxy', '-1'], '--trust-proxy must be a whole number from 0 to 32, got "-1"'],
    [['--max-connections', '-3'], '--max-connections must be a whole number from 1 to 1000000, got "-3"'],
  ])('serve %j', (argv, message) => {
    expect(() => parseServeArgs(argv, {})).toThrow(message);
  });
});

describe('every usage error reads the same way', () => {
  // What was wrong, the value given (never a secret), then what to do: one line, flags as --name, values quoted.
  const SHAPE =
    /^(?:--[a-z-]+ (?:must be [^;]+|needs [^,;]+|is required|takes no value)(?:, got "[^"]*")?|unknown flag -{1,2}[a-z-]+|unexpected argument "[^"]*")(?:; (?:see siret-mock [a-z]+ --help|did you mean --[a-z-]+\?|give [^;]+|leave out --[a-z-]+))?$/;
  const messageOf = (parse: () => unknown): string => {
    try {
      parse();
    } catch (error) {
      if (error instanceof CliUsageError) return error.message;
      throw error;
    }
    throw new Error('no usage error');
  };

  it.each([
    [[], '--count is required; give a whole number from 1 to 69999999'],
    [['--quantity', '5'], 'unknown flag --quantity; did you mean --count?'],
    [['--count', '5', '--format', 'xml'], '--format must be one of ndjson, json, csv, got "xml"'],
    [['--count', '5', '--excel'], '--excel needs --format csv'],
    [['--count', '5', '--output='], '--output must be a file name, got ""'],
    [
      ['--count', '5', '--fields', 'vat_number,siret'],
      /^--fields must be a comma-separated list of vat_number, .*, got "vat_number,siret"$/,
    ],
    [['--count', '5', '--profile', 'odd'], '--profile must be one of default, edge-cases, negative, got "odd"'],
    [['--count', '5', 'extra'], 'unexpected argument "extra"; see siret-mock generate --help'],
  ])('generate %j', (argv, message) => {
    const text = messageOf(() => parseGenerateFlags(argv, drawSeed));
    expect(text).toMatch(message);
    expect(text).toMatch(SHAPE);
  });

  it.each([
    [[], '--count is required; give a whole number from 1 to 10000000'],
    [['--count'], '--count needs a value; see siret-mock identifiers --help'],
  ])('identifiers %j', (argv, message) => {
    const text = messageOf(() => parseIdentifiersFlags(argv, drawSeed));
    expect(text).toBe(message);
    expect(text).toMatch(SHAPE);
  });

  it.each([
    [['--tier', 'gold'], '--tier must be one of free, lifetime, got "gold"'],
    [['--host', ' '], '--host must be a host name or address, got " "'],
    [['--pass', 'two words'], '--pass must be a non-empty token of visible ASCII characters'],
    [['--redis', 'http://x'], '--redis must be a redis:// or rediss:// URL, got "http://x"'],
    [['--upgrade-url', 'ftp://x'], '--upgrade-url must be an http(s) URL, got "ftp://x"'],
    [['--quota-store-failure', 'maybe'], '--quota-store-failure must be one of closed, open, got "maybe"'],
    [['--usage', 'minute:7'], '--usage must be minute=N, day=N or both (minute=7,day=93), got "minute:7"'],
    [['--usage', 'minute=7', '--redis', 'redis://x'], '--usage needs the memory quota store; leave out --redis'],
    [['--rate-limit-headers', 'github'], '--rate-limit-headers must be one of draft, x-ratelimit, both, got "github"'],
    [['--control-token', 'long-enough-token'], '--control-token needs --control'],
    [['--control', '--control-token', 'short'], '--control-token must be at least 8 visible ASCII characters'],
    [['--quiet=1'], '--quiet takes no value, got "1"'],
    [['--prot', '3000'], 'unknown flag --prot; see siret-mock serve --help'],
  ])('serve %j', (argv, message) => {
    const text = messageOf(() => parseServeArgs(argv, {}));
    expect(text).toBe(message);
    expect(text).toMatch(SHAPE);
  });

  it('is the line docs/server.md shows', () => {
    const docs = readFileSync(new URL('../../../docs/server.md', import.meta.url), 'utf8');
    expect(docs).toContain(`(\`siret-mock: ${messageOf(() => parseServeArgs(['--port', 'abc'], {}))}\`)`);
  });
});
