import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIdentifierFixtureStream, generateIdentifierFixtures, IDENTIFIER_FIXTURE_CYCLE } from './identifier-fixtures.js';
import { isValidSiren } from './siren.js';
import { isValidSiret } from './siret.js';

describe('identifier fixtures', () => {
  const fixtures = generateIdentifierFixtures(12_400, { seed: 42 });

  // python-stdnum labels the same 12,400 fixtures in test/stdnum-fixtures.acceptance.test.ts.
  it('agrees with isValidSiret and isValidSiren on the value as given, separators and all, with both answers in quantity', () => {
    const check = (f: (typeof fixtures)[number]): boolean => (f.identifier === 'siret' ? isValidSiret : isValidSiren)(f.value);
    expect(fixtures.filter((f) => check(f) !== f.valid).map((f) => `${f.kind} ${f.value}`)).toEqual([]);
    expect(new Set(fixtures.map((f) => f.kind))).toEqual(new Set(IDENTIFIER_FIXTURE_CYCLE.map(([kind]) => kind)));
    expect(fixtures.filter((f) => f.valid).length).toBeGreaterThan(4000);
    expect(fixtures.filter((f) => !f.valid).length).toBeGreaterThan(4000);
  });

  it('labels every kind of the cycle, each in quantity', () => {
    const counts = new Map<string, number>();
    for (const f of fixtures) counts.set(`${f.kind}/${f.identifier}`, (counts.get(`${f.kind}/${f.identifier}`) ?? 0) + 1);
    for (const [kind, identifier] of IDENTIFIER_FIXTURE_CYCLE) expect(counts.get(`${kind}/${identifier}`)).toBeGreaterThanOrEqual(400);
  });

  it('gives La Poste SIRETs that only the digit-sum rule accepts, and Luhn-valid ones it refuses', () => {
    const laPoste = fixtures.filter((f) => f.kind === 'la-poste-digit-sum' || f.kind === 'la-poste-digit-sum-failure');
    for (const f of laPoste) {
      expect(f.value.startsWith('356000000')).toBe(true);
      const sum = [...f.value].reduce((s, d) => s + Number(d), 0);
      expect(sum % 5 === 0).toBe(f.kind === 'la-poste-digit-sum');
    }
    expect(fixtures.find((f) => f.kind === 'la-poste-head-office')?.value).toBe('35600000000048');
  });

  it('writes formatting variants with the separator their kind names', () => {
    const separators = {
      'formatted-spaces': ' ',
      'formatted-nbsp': '\u00a0',
      'formatted-narrow-nbsp': '\u202f',
      'formatted-dots': '.',
      'formatted-dashes': '-',
    };
    for (const f of fixtures) {
      const separator = separators[f.kind as keyof typeof separators];
      if (separator === undefined) continue;
      const groups = f.value.split(separator);
      expect(groups.map((g) => g.length)).toEqual(f.identifier === 'siret' ? [3, 3, 3, 5] : [3, 3, 3]);
    }
  });

  it('marks the Luhn-valid patterns implausible and every other fixture plausible', () => {
    for (const f of fixtures) expect(f.plausible).toBe(f.kind !== 'luhn-valid-implausible');
    expect(fixtures.filter((f) => !f.plausible && f.valid).length).toBeGreaterThan(100);
    expect(Object.keys(fixtures[0] ?? {})).toEqual(['kind', 'identifier', 'value', 'valid', 'plausible']);
  });

  it('includes the all-zeros and 11122233344455 patterns among the implausible Luhn-valid values', () => {
    const values = new Set(
      generateIdentifierFixtures(31 * 400, { seed: 7 })
        .filter((f) => f.kind === 'luhn-valid-implausible')
        .map((f) => f.value),
    );
    expect(values).toContain('00000000000000');
    expect(values).toContain('11122233344455');
    expect(values).toContain('000000000');
  });

  it('gives the same fixtures for the same seed, and the first k of any longer run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 80 }), (seed, k) => {
        const long = generateIdentifierFixtures(k + 40, { seed });
        expect(generateIdentifierFixtures(k, { seed })).toEqual(long.slice(0, k));
        const stream = createIdentifierFixtureStream({ seed });
        expect(Array.from({ length: k }, () => stream.next())).toEqual(long.slice(0, k));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a seed out of range', () => {
    expect(() => createIdentifierFixtureStream({ seed: -1 })).toThrow(RangeError);
    expect(() => generateIdentifierFixtures(1.5, { seed: 1 })).toThrow(RangeError);
  });
});
