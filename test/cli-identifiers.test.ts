import { describe, expect, it } from 'vitest';
import { generateIdentifierFixtures } from '../src/index.js';
import { runCli } from './support/run-cli.js';

describe('siret-mock identifiers', () => {
  it('prints NDJSON fixtures: the same as generateIdentifierFixtures for that seed', () => {
    const run = runCli(['identifiers', '--count', '200', '--seed', '42']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(generateIdentifierFixtures(200, { seed: 42 }));
    expect(Object.keys(lines[0])).toEqual(['kind', 'identifier', 'value', 'valid', 'plausible']);
  });

  it('lists its flags and every kind with --help, and is listed by the top-level --help', () => {
    const help = runCli(['identifiers', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--count/);
    expect(help.stdout).toMatch(/la-poste-digit-sum-failure/);
    expect(runCli(['--help']).stdout).toMatch(/siret-mock identifiers --count N/);
  });

  it('refuses a missing or bad count and a bad seed with exit code 2 and a one-line message', () => {
    for (const args of [[], ['--count', '0'], ['--count', 'x'], ['--count', '1', '--seed', '-1'], ['--count', '1', '--bogus']]) {
      const run = runCli(['identifiers', ...args]);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
