import { describe, expect, it } from 'vitest';
import { joinNegativeValues } from './cli-usage-error.js';
import { parseGenerateFlags } from './generate-command.js';
import { parseIdentifiersFlags } from './identifiers-command.js';
import { parseServeArgs } from './serve-command.js';

const drawSeed = (): number => 7;

describe('joinNegativeValues', () => {
  const options = { count: { type: 'string', short: 'n' }, excel: { type: 'boolean' } } as const;

  it('writes a negative value into its option, long or short', () => {
    expect(joinNegativeValues(['--count', '-5', '-n', '-0.5'], options)).toEqual(['--count=-5', '--count=-0.5']);
  });

  it('leaves flags, boolean options, unknown options and everything after -- alone', () => {
    const argv = ['--excel', '-1', '--other', '-2', '-n', '-x', '--', '--count', '-3'];
    expect(joinNegativeValues(argv, options)).toEqual(argv);
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
    [['--port', '-1'], '--port must be an integer from 0 to 65535, got "-1"'],
    [['--port', '65536'], '--port must be an integer from 0 to 65535, got "65536"'],
    [['--seed', '-1'], '--seed must be an integer from 0 to 4294967295, got "-1"'],
    [['--trust-proxy', '-1'], '--trust-proxy must be an integer from 0 to 32, got "-1"'],
    [['--max-connections', '-3'], '--max-connections must be an integer from 1 to 1000000, got "-3"'],
  ])('serve %j', (argv, message) => {
    expect(() => parseServeArgs(argv, {})).toThrow(message);
  });
});
