import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuotaStoreUnavailableError, type QuotaDecision, type QuotaStore } from '../../src/core/quota/index.js';
import { createApp, type AppOptions } from '../../src/http/index.js';
import { expectContractResponse } from './contract-response.js';
import { fuzzParameters, scaled } from './fuzz-scale.js';
import { fuzzRequestArb, KNOWN_PASS, toRequest } from './request-arbitraries.js';

/** Apps of every configuration a user can pick, each with a clock the generated requests move. */
const appOptionsArb: fc.Arbitrary<{ options: AppOptions; start: number }> = fc.record({
  options: fc.record(
    {
      tier: fc.constantFrom('free' as const, 'lifetime' as const),
      passes: fc.constant([KNOWN_PASS]),
      limits: fc.oneof(
        fc.constant({}),
        fc.record({ perMinute: fc.integer({ min: 1, max: 3 }), perDay: fc.integer({ min: 1, max: 5 }) }),
        fc.constant({ maxQuantity: { free: 3, lifetime: 7 } }),
      ),
      seed: fc.integer({ min: 0, max: 0xffffffff }),
      upgradeUrl: fc.constantFrom('https://example.test/pricing', 'not a url', ''),
    },
    { requiredKeys: ['passes', 'limits'] },
  ),
  // Any instant from 1970 to 2100, with a bias to the last milliseconds of a UTC day.
  start: fc.oneof(
    fc.integer({ min: 0, max: 4_102_444_800_000 }),
    fc.integer({ min: 0, max: 50_000 }).map((day) => day * 86_400_000 - 1),
  ),
});

const REQUESTS_PER_RUN = 10;

describe('the fetch handler under generated requests', () => {
  const runs = scaled(1_000, 10_000);

  it(`never throws, never answers 5xx, and every error is contract JSON (${runs * REQUESTS_PER_RUN} requests)`, async () => {
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        appOptionsArb,
        fc.array(fuzzRequestArb, { minLength: REQUESTS_PER_RUN, maxLength: REQUESTS_PER_RUN }),
        async ({ options, start }, requests) => {
          let now = start;
          const app = createApp({ ...options, clock: { now: () => now } });
          for (const generated of requests) {
            now += generated.advanceMs;
            const request = toRequest(generated);
            const context = generated.clientAddress === undefined ? undefined : { caller: generated.clientAddress };
            // `fetch` must resolve: a rejection fails the property with the request that caused it.
            const response = await app.fetch(request, context);
            const status = await expectContractResponse(generated, response, { allow5xx: false });
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            sent++;
          }
        },
      ),
      fuzzParameters(runs),
    );
    expect(sent).toBeGreaterThanOrEqual(runs * REQUESTS_PER_RUN);
    // The generators must reach every outcome, or the property proves less than it claims.
    for (const status of [200, 204, 400, 401, 403, 404, 405, 429]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    // Bounded by its request count, not by time: hence a timeout of its own, far above the default.
  }, 180_000);

  it(
    'answers 503 or 500 JSON without a stack when the quota store fails, and never throws',
    async () => {
      const failures = ['unavailable', 'unavailable-async', 'type-error', 'rejects-string', 'hangs-then-fails', 'ok'] as const;
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fuzzRequestArb, fc.constantFrom(...failures)), { minLength: 10, maxLength: 10 }),
          async (pairs) => {
            let failure: (typeof failures)[number] = 'ok';
            const ok: QuotaDecision = {
              allowed: true,
              exceeded: null,
              remainingMinute: 9,
              remainingDay: 99,
              resetMinute: 60,
              resetDay: 3600,
              retryAfter: 1,
            };
            const store: QuotaStore = {
              consume() {
                switch (failure) {
                  case 'unavailable':
                    throw new QuotaStoreUnavailableError('connection refused');
                  case 'unavailable-async':
                    return Promise.reject(new QuotaStoreUnavailableError('connection reset'));
                  case 'type-error':
                    throw new TypeError("Cannot read properties of undefined (reading 'minute')");
                  case 'rejects-string':
                    return Promise.reject(new Error('Redis said: ERR\n    at evalsha (/secret/path.js:1:1)'));
                  case 'hangs-then-fails':
                    return new Promise((_resolve, reject) => setImmediate(() => reject(new QuotaStoreUnavailableError('timeout'))));
                  default:
                    return ok;
                }
              },
              reset() {},
            };
            const app = createApp({ passes: [KNOWN_PASS], store, clock: { now: () => 1_795_000_000_000 } });
            for (const [generated, nextFailure] of pairs) {
              failure = nextFailure;
              const response = await app.fetch(toRequest(generated));
              const status = await expectContractResponse(generated, response, { allow5xx: true });
              if (status >= 500) expect(failure).not.toBe('ok');
              sent++;
            }
          },
        ),
        fuzzParameters(scaled(100, 1_000)),
      );
      expect(sent).toBeGreaterThanOrEqual(1_000);
    },
    scaled(90_000, 1_200_000),
  );
});
