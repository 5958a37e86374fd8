import { describe, expect, it } from 'vitest';
import { EXTRA_FIELDS, generateCompanyFixtures } from '../src/index.js';
import { toFixtureCsv } from '../src/core/fixtures/index.js';
import { runCli } from './support/run-cli.js';

describe('siret-mock generate --fields and --profile', () => {
  it('adds the extra fields asked for: the same records as generateCompanyFixtures with those fields', () => {
    const run = runCli(['generate', '--count', '30', '--seed', '42', '--fields', 'naf_code,vat_number,created_on']);
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(generateCompanyFixtures(30, { seed: 42, fields: ['vat_number', 'naf_code', 'created_on'] }));
    // A micro-entrepreneur has no VAT number: the key is left out.
    expect(Object.keys(lines.find((line) => line.vat_number !== undefined))).toEqual([
      'siret',
      'siren',
      'company',
      'street_address',
      'city',
      'postcode',
      'vat_number',
      'naf_code',
      'created_on',
    ]);
  });

  it('draws the edge-case profile with --profile edge-cases, in JSON and as CSV columns', () => {
    const json = runCli(['generate', '-n', '40', '-s', '7', '--profile', 'edge-cases', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(generateCompanyFixtures(40, { seed: 7, profile: 'edge-cases' }));
    const csv = runCli(['generate', '-n', '40', '-s', '7', '--profile', 'edge-cases', '--fields', 'legal_form', '-f', 'csv', '--excel']);
    const records = generateCompanyFixtures(40, { seed: 7, profile: 'edge-cases', fields: ['legal_form'] });
    expect(csv.stdout).toBe(toFixtureCsv(records, ['address_line_2', 'cedex', 'edge_cases', 'legal_form'], { excel: true }));
    expect(csv.stdout.split('\r\n')[0]).toBe(
      '\uFEFFsiret;siren;company;street_address;city;postcode;address_line_2;cedex;edge_cases;legal_form',
    );
  });

  it('adds the story fields (status with ceased_on, INSEE code, La Poste label...) and the negative profile', () => {
    const fields = [
      'status',
      'head_office',
      'diffusion',
      'legal_category',
      'employee_band',
      'trade_name',
      'cedex',
      'insee_code',
      'postal_lines',
    ] as const;
    const run = runCli(['generate', '-n', '30', '-s', '9', '--fields', fields.join(','), '--format', 'json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(generateCompanyFixtures(30, { seed: 9, fields }));
    const negative = runCli(['generate', '-n', '16', '-s', '9', '--profile', 'negative', '--fields', 'insee_code']);
    const records = negative.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records).toEqual(generateCompanyFixtures(16, { seed: 9, profile: 'negative', fields: ['insee_code'] }));
    expect(Object.keys(records[0])).toEqual([
      ...['siret', 'siren', 'company', 'street_address', 'city', 'postcode', 'negative_case', 'valid', 'reason'],
      ...(records[0].vat_number === undefined ? [] : ['vat_number']),
      ...['naf_code', 'status', 'ceased_on', 'diffusion', 'insee_code'],
    ]);
    // Lists are one CSV cell, `|`-separated; booleans read true or false.
    const csv = runCli(['generate', '-n', '5', '-s', '9', '--fields', 'head_office,postal_lines', '-f', 'csv']);
    expect(csv.stdout).toBe(
      toFixtureCsv(generateCompanyFixtures(5, { seed: 9, fields: ['head_office', 'postal_lines'] }), ['head_office', 'postal_lines']),
    );
    expect(csv.stdout.split('\r\n')[1]).toMatch(/,(true|false),[A-Z0-9 &|]+$/);
  });

  it('writes the same records with --profile default as without it', () => {
    const plain = runCli(['generate', '-n', '20', '-s', '3']);
    expect(plain.stdout).not.toBe('');
    expect(runCli(['generate', '-n', '20', '-s', '3', '--profile', 'default']).stdout).toBe(plain.stdout);
  });

  it('refuses unknown fields and profiles with exit code 2 and a message naming the allowed values', () => {
    const field = runCli(['generate', '-n', '1', '--fields', 'vat_number,siret']);
    expect(field.status).toBe(2);
    expect(field.stderr).toMatch(
      /--fields must be a comma-separated list of vat_number, legal_form, naf_code, naf_label, created_on.*, got "vat_number,siret"/,
    );
    const profile = runCli(['generate', '-n', '1', '--profile', 'edgy']);
    expect(profile.status).toBe(2);
    expect(profile.stderr).toMatch(/--profile must be one of default, edge-cases, negative/);
  });

  it('lists the new flags and every extra field in --help', () => {
    const help = runCli(['--help']).stdout;
    expect(help).toMatch(/--profile default\|edge-cases\|negative/);
    for (const field of EXTRA_FIELDS) expect(help).toContain(field);
  });
});
