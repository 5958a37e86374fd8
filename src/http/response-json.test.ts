import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCommunes } from '../core/address.js';
import { ACTIVITIES, FIRST_NAMES, PLACES, STREET_NAMES, STREET_TYPES, SURNAMES, TRADES } from '../core/data/names.js';
import { SCI_NAMES } from '../core/company.js';
import { generateCompanies } from '../core/generate-companies.js';
import { generateBodyJson } from './response-json.js';
import type { GenerateResponse } from './wire-types.js';

const meta = {
  generated_at: '2026-11-22T05:35:35+00:00',
  source: 'siret-"mock"',
  rate_limit_remaining_minute: 9,
  rate_limit_remaining_day: -1,
};

describe('generateBodyJson', () => {
  it('relies on generator tables whose every entry needs no JSON escaping', () => {
    const strings = [
      ...SURNAMES,
      ...FIRST_NAMES,
      ...TRADES.map(([trade]) => trade),
      ...ACTIVITIES,
      ...PLACES,
      ...STREET_NAMES,
      ...SCI_NAMES,
      ...STREET_TYPES.map(([type]) => type),
      ...loadCommunes().values.flatMap((c) => [c.name, ...c.postcodes]),
    ];
    expect(strings.length).toBeGreaterThan(5000);
    expect(strings.filter((s) => JSON.stringify(s) !== `"${s}"`)).toEqual([]);
  });

  it('is byte for byte JSON.stringify of generated responses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 100 }), (seed, n) => {
        const data = generateCompanies(n, { seed });
        const body: GenerateResponse = { count: data.length, data, meta };
        expect(generateBodyJson(body)).toBe(JSON.stringify(body));
      }),
      { numRuns: 300 },
    );
  });

  it('writes meta as JSON.stringify does, whatever its strings and however they change between answers', () => {
    const data = generateCompanies(2, { seed: 7 });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            generated_at: fc.oneof(fc.constant(meta.generated_at), fc.string(), fc.string({ unit: 'binary' })),
            source: fc.oneof(fc.constant('siret-mock'), fc.string(), fc.string({ unit: 'binary' })),
            rate_limit_remaining_minute: fc.integer({ min: -1, max: 1_000_000 }),
            rate_limit_remaining_day: fc.integer({ min: -1, max: 1_000_000 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (metas) => {
          for (const m of metas) {
            const body: GenerateResponse = { count: data.length, data, meta: m };
            expect(generateBodyJson(body)).toBe(JSON.stringify(body));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
