// The world of a seed at full size (slow: `npm run test:acceptance`): for 100,000 records of seeds 1, 7 and 42, by default,
// with every field and in each profile, looking a record's SIRET up with the same options gives the record, and its SIREN's
// unit lists it. world.property.test.ts samples the same over fresh seeds in `npm test`.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXTRA_FIELDS, generateCompanyFixtures, lookupSiren, lookupSiret, type FixtureRecord, type RecordOptions } from '../src/index.js';
import { checkRecords } from './support/french-reader.js';

const COUNT = 100_000;
const OPTIONS: readonly [string, RecordOptions][] = [
  ['default', {}],
  ['every field', { fields: [...EXTRA_FIELDS] }],
  ['edge-cases, every field', { fields: [...EXTRA_FIELDS], profile: 'edge-cases' }],
  ['negative, every field', { fields: [...EXTRA_FIELDS], profile: 'negative' }],
];

describe.each([1, 7, 42])('100,000 records of seed %i', (seed) => {
  it.each(OPTIONS)('are found again for their SIRET (%s)', (_, options) => {
    const records = generateCompanyFixtures(COUNT, { seed, ...options });
    const missed = records.filter((record) => {
      const answer = lookupSiret(record.siret, { seed, ...options });
      return !(answer.found && isDeepStrictEqual(answer.record, record));
    });
    expect(missed.slice(0, 3)).toEqual([]);
  });

  it("are each listed under their SIREN, their unit's head office first", () => {
    const records = generateCompanyFixtures(COUNT, { seed, fields: ['head_office'] });
    const unlisted = records.filter((record) => {
      const unit = lookupSiren(record.siren, { seed, fields: ['head_office'] });
      return !(unit.found && unit.establishments[0]?.head_office === true && unit.establishments.some((e) => e.siret === record.siret));
    });
    expect(unlisted.slice(0, 3)).toEqual([]);
  });
});

// Rules of the records generate serves (each its unit's latest establishment, active or closed this year) that a unit's
// earlier establishments need not follow: a head office that moved left NIC 0001x, an individual entrepreneur's former
// addresses are closed establishments, and those closed in earlier years.
const LATEST_ONLY = [
  "the unit's first establishment (NIC 0001x) not its head office",
  "an individual entrepreneur's establishment that is not the head office",
  "a cessation before 2025, outside the year's cessations the records stand for",
];
/** The fields every establishment of a unit shares. */
const UNIT_FIELDS = ['company', 'legal_form', 'legal_category', 'created_on', 'naf_code', 'diffusion'] as const;

describe('the units of 100,000 records of seed 1, every field', () => {
  const fields = [...EXTRA_FIELDS];
  const units = generateCompanyFixtures(COUNT, { seed: 1, fields }).map((record) => {
    const unit = lookupSiren(record.siren, { seed: 1, fields });
    if (!unit.found) throw new Error(`no unit for ${record.siren}`);
    return { record, establishments: unit.establishments };
  });

  it('agree within each unit: one head office, active while the unit is, the unit fields the same', () => {
    const odd = units.filter(({ record, establishments }) => {
      const [head] = establishments as [FixtureRecord];
      return (
        establishments.filter((e) => e.head_office).length !== 1 ||
        !head.head_office ||
        head.status !== record.status ||
        establishments.some(
          (e) => UNIT_FIELDS.some((field) => e[field] !== record[field]) || (record.status === 'ceased' && e.status !== 'ceased'),
        )
      );
    });
    expect(odd.slice(0, 2)).toEqual([]);
  });

  it('break none of the French reader rules in their other establishments, but those of the latest one', () => {
    const others = units.flatMap(({ record, establishments }) => establishments.filter((e) => e.siret !== record.siret));
    const { byRule } = checkRecords(others);
    for (const rule of LATEST_ONLY) byRule.delete(rule);
    expect(others.length).toBeGreaterThan(COUNT / 10);
    expect(
      Object.fromEntries([...byRule].map(([rule, { count, example }]) => [rule, `${count}x, e.g. ${JSON.stringify(example)}`])),
    ).toEqual({});
  });
});
