import { describe, expect, it } from 'vitest';
import { generateCompanyFixtures } from '../../core/fixtures/index.js';
import { CliUsageError } from './cli-usage-error.js';
import { lookupOutput, NOT_FOUND_EXIT, parseLookupFlags } from './lookup-command.js';

/** What `siret-mock lookup ...argv` prints and exits with, in-process. */
function run(argv: string[]): { text: string; code: number } {
  const flags = parseLookupFlags(argv);
  if (flags.help) throw new Error('help');
  return lookupOutput(flags);
}

describe('siret-mock lookup', () => {
  it('prints a generated record for its SIRET, and its unit for its SIREN, with the same seed, fields and profile', () => {
    const [record] = generateCompanyFixtures(1, { seed: 9, fields: ['status'], profile: 'negative' });
    if (record === undefined) throw new Error('no record');
    const flags = ['--seed', '9', '--fields', 'status', '--profile', 'negative'];
    expect(run([record.siret.replace(/ /g, '.'), ...flags])).toEqual({ text: `${JSON.stringify(record)}\n`, code: 0 });
    const unit = JSON.parse(run([record.siren, ...flags]).text) as { siren: string; establishments: unknown[] };
    expect(unit.siren).toBe(record.siren);
    expect(unit.establishments).toContainEqual(record);
  });

  it('prints the not-found answer and exits with NOT_FOUND_EXIT for a valid number outside the world', () => {
    const { text, code } = run(['356 000 000']);
    expect(code).toBe(NOT_FOUND_EXIT);
    expect(JSON.parse(text)).toMatchObject({ error: 'not_found', reason: 'la_poste' });
  });

  it('refuses an invalid number, a missing number or a second one as a usage error naming the reason', () => {
    expect(() => run(['732 829 320 00075'])).toThrow(/invalid SIRET \(check_digit\)/);
    expect(() => run(['73282932'])).toThrow(/invalid SIRET \(length\)/);
    expect(() => run(['732829321'])).toThrow(/invalid SIREN \(check_digit\)/);
    expect(() => parseLookupFlags([])).toThrow(CliUsageError);
    expect(() => parseLookupFlags(['732829320', '732829320'])).toThrow(/unexpected argument/);
    expect(() => parseLookupFlags(['732829320', '--seed', '-1'])).toThrow(/--seed/);
  });

  it('answers --help', () => {
    expect(parseLookupFlags(['--help'])).toEqual({ help: true });
  });
});
