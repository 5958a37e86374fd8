// The world of a seed at full size (slow: `npm run test:acceptance`): for 100,000 records of seeds 1, 7 and 42, by default,
// with every field and in each profile, looking a record's SIRET up with the same options gives the record, and its SIREN's
// unit lists it. world.property.test.ts samples the same over fresh seeds in `npm test`.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXTRA_FIELDS, generateCompanyFixtures, lookupSiren, lookupSiret, type RecordOptions } from '../src/index.js';

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
