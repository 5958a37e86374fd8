import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCompanies, isValidSiret, toCsv } from '../src/index.js';
import { runCli, spawnCli } from './support/run-cli.js';
import { checkWithStdnum } from './support/stdnum.js';
import { loadOfficialPairs } from './support/communes-source.js';

const dir = mkdtempSync(join(tmpdir(), 'siret-mock-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('siret-mock generate', () => {
  it('prints NDJSON by default: the same records as generateCompanies for that seed', () => {
    const run = runCli(['generate', '--count', '25', '--seed', '42']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(generateCompanies(25, { seed: 42 }));
  });

  it('prints a JSON array with --format json', () => {
    const run = runCli(['generate', '--count', '3', '--seed', '7', '--format', 'json']);
    expect(JSON.parse(run.stdout)).toEqual(generateCompanies(3, { seed: 7 }));
  });

  it('prints RFC 4180 CSV, and the Excel variant with --excel', () => {
    expect(runCli(['generate', '-n', '4', '-s', '9', '-f', 'csv']).stdout).toBe(toCsv(generateCompanies(4, { seed: 9 })));
    expect(runCli(['generate', '-n', '4', '-s', '9', '-f', 'csv', '--excel']).stdout).toBe(
      toCsv(generateCompanies(4, { seed: 9 }), { excel: true }),
    );
  });

  it('writes to --output instead of stdout', () => {
    const file = join(dir, 'out.ndjson');
    const run = runCli(['generate', '--count', '10', '--seed', '1', '--output', file]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(10);
  });

  it('draws a fresh seed when none is given', () => {
    const a = runCli(['generate', '--count', '3']).stdout;
    const b = runCli(['generate', '--count', '3']).stdout;
    expect(a).not.toBe(b);
  });

  it.each([[['generate', '--help']], [['generate', '-h']], [['generate', '--count', 'x', '--help']]])(
    'prints its usage for %j, exit code 0',
    (args) => {
      const run = runCli(args);
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^Usage: siret-mock generate --count N/);
      for (const flag of ['--count', '--seed', '--format', '--excel', '--output', '--fields', '--profile', '--help'])
        expect(run.stdout).toContain(flag);
    },
  );

  it.each([
    [['generate'], /--count is required/],
    [['generate', '--count', '0'], /--count must be a whole number from 1/],
    [['generate', '--count', '1e3'], /--count must be a whole number/],
    [['generate', '--count', '5', '--seed', '-1'], /--seed must be a whole number from 0 to 4294967295, got "-1"/],
    [['generate', '-n', '-5'], /--count must be a whole number from 1 to 69999999, got "-5"/],
    [['generate', '--count', '5', '--seed', '4294967296'], /--seed must be a whole number from 0 to 4294967295/],
    [['generate', '--count', '5', '--format', 'xml'], /--format must be one of ndjson, json, csv/],
    [['generate', '--count', '5', '--excel'], /--excel needs --format csv/],
    [['generate', '--count', '5', '--bogus'], /unknown flag --bogus; see siret-mock generate --help/],
    [['generate', '--quantity', '5'], /unknown flag --quantity; did you mean --count\?/],
    [['frobnicate'], /unknown command "frobnicate"; use generate, identifiers, lookup or serve/],
  ])('rejects %j with a one-line error and exit code 2', (args, message) => {
    const run = runCli(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it.each([['--version'], ['-v']])('prints the package version for %s, exit code 0', (flag) => {
    const run = runCli([flag]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      `${(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version}\n`,
    );
  });

  it('stops quietly, exit code 0, when the reader closes the pipe early (like `| head`)', async () => {
    const child = spawnCli(['generate', '--count', '5000000', '--seed', '3']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toBe('');
  }, 30_000);
});

describe('the issue acceptance run: 100,000 records with seed 42', () => {
  it('prints distinct, stdnum-valid SIRETs with official (city, postcode) pairs, the same bytes twice', () => {
    const first = runCli(['generate', '--count', '100000', '--seed', '42', '--format', 'ndjson']);
    const second = runCli(['generate', '--count', '100000', '--seed', '42', '--format', 'ndjson']);
    expect(first.status).toBe(0);
    expect(second.stdout === first.stdout).toBe(true);
    const records = first.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { siret: string; city: string; postcode: string });
    expect(records).toHaveLength(100_000);
    expect(new Set(records.map((r) => r.siret)).size).toBe(100_000);
    expect(records.every((r) => isValidSiret(r.siret))).toBe(true);
    expect(checkWithStdnum(records.map((r) => ['siret', r.siret.replace(/ /g, '')] as const)).at(-1)).toBe('checked-ok 0');
    const official = loadOfficialPairs();
    expect(records.filter((r) => !official.has(`${r.city}|${r.postcode}`))).toEqual([]);
  }, 120_000);
});
