import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuotaDecision } from '../../src/core/quota.js';
import { QuotaStoreUnavailableError, type QuotaStore } from '../../src/core/quota-store.js';
import { createApp, type AppOptions } from '../../src/http/index.js';
import { ERROR_CODES, errorResponseSchema, generateResponseSchema } from '../../src/http/schemas.js';
import { fuzzParameters, scaled } from './fuzz-scale.js';
import { fuzzRequestArb, KNOWN_PASS, toRequest, type FuzzRequest } from './request-arbitraries.js';

// Which codes each error status may carry (the contract's error table).
const CODES_BY_STATUS: Record<number, readonly string[]> = {
  400: ['invalid_quantity', 'quantity_exceeds_limit', 'invalid_format', 'invalid_seed'],
  401: ['invalid_pass'],
  403: ['lifetime_pass_required'],
  404: ['not_found'],
  405: ['method_not_allowed'],
  429: ['rate_limit_exceeded'],
  500: ['internal_error'],
  503: ['quota_store_unavailable'],
};
// A V8 stack frame, as it would appear if an error leaked into a body.
const STACK_FRAME = /\n\s+at .+[(:]\d+/;

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
  start: fc.oneof(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: 0, max: 50_000 }).map((day) => day * 86_400_000 - 1)),
});

/** Everything the contract promises about any response, whatever the request. Returns the status. */
async function expectContractResponse(request: FuzzRequest, response: Response, options: { allow5xx: boolean }): Promise<number> {
  const { status } = response;
  const method = request.method.toUpperCase();
  const text = await response.text();
  const where = `${request.method} ${request.path}${request.query} -> ${status} ${text.slice(0, 200)}`;
  if (!options.allow5xx) expect(status, where).toBeLessThan(500);
  expect(Object.keys(CODES_BY_STATUS).map(Number).concat([200, 204]), where).toContain(status);
  expect(response.headers.get('access-control-allow-origin'), where).toBe('*');
  if (method === 'HEAD') expect(text, where).toBe('');
  if (status === 204) {
    expect(method, where).toBe('OPTIONS');
    expect(text, where).toBe('');
  }

  // Remaining counts are never negative, in headers as in bodies.
  const rateLimit = response.headers.get('ratelimit');
  if (rateLimit !== null) {
    const remaining = [...rateLimit.matchAll(/;r=(-?\d+)/g)].map((match) => Number(match[1]));
    expect(remaining, where).toHaveLength(2);
    for (const value of remaining) expect(value, where).toBeGreaterThanOrEqual(0);
    for (const match of rateLimit.matchAll(/;t=(-?\d+)/g)) expect(Number(match[1]), where).toBeGreaterThanOrEqual(1);
  }

  if (status >= 300) {
    expect(response.headers.get('content-type'), where).toBe('application/json');
    if (status === 429 || status === 503) {
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1, where).toBe(true);
    }
    if (method !== 'HEAD') {
      expect(text, where).not.toMatch(STACK_FRAME);
      const body: unknown = JSON.parse(text);
      const parsed = errorResponseSchema.safeParse(body);
      expect(parsed.success, where).toBe(true);
      if (parsed.success) {
        expect(ERROR_CODES, where).toContain(parsed.data.error);
        expect(CODES_BY_STATUS[status], where).toContain(parsed.data.error);
        if (parsed.data.retry_after !== undefined) expect(String(parsed.data.retry_after), where).toBe(response.headers.get('retry-after'));
      }
    }
  } else if (status === 200 && method !== 'HEAD') {
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('text/csv')) {
      expect(text.replace(/^\ufeff/, '').slice(0, 60), where).toMatch(/^siret[,;]siren[,;]company[,;]street_address[,;]city[,;]postcode\r\n/);
    } else {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && 'count' in body) {
        const parsed = generateResponseSchema.safeParse(body);
        expect(parsed.success, where).toBe(true);
        if (parsed.success) {
          expect(parsed.data.count, where).toBe(parsed.data.data.length);
          for (const remaining of [parsed.data.meta.rate_limit_remaining_minute, parsed.data.meta.rate_limit_remaining_day]) {
            // -1 is the lifetime pass's "unlimited" (and then no RateLimit header); a free caller never sees a negative count.
            if (remaining === -1) expect(rateLimit, where).toBeNull();
            else expect(remaining, where).toBeGreaterThanOrEqual(0);
          }
        }
      } else {
        // The other 200 JSON bodies: /healthz and the OpenAPI document (also reached through paths the URL parser normalises).
        expect(body, where).toSatisfy((value: unknown) => typeof value === 'object' && value !== null && ('status' in value || 'openapi' in value));
      }
    }
  }
  return status;
}

const REQUESTS_PER_RUN = 10;

describe('the fetch handler under generated requests', () => {
  const runs = scaled(1_000, 10_000);

  it(`never throws, never answers 5xx, and every error is contract JSON (${runs * REQUESTS_PER_RUN} requests)`, async () => {
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(appOptionsArb, fc.array(fuzzRequestArb, { minLength: REQUESTS_PER_RUN, maxLength: REQUESTS_PER_RUN }), async ({ options, start }, requests) => {
        let now = start;
        const app = createApp({ ...options, clock: { now: () => now } });
        for (const generated of requests) {
          now += generated.advanceMs;
          const request = toRequest(generated);
          const context = generated.clientAddress === undefined ? undefined : { clientAddress: generated.clientAddress };
          // `fetch` must resolve: a rejection fails the property with the request that caused it.
          const response = await app.fetch(request, context);
          const status = await expectContractResponse(generated, response, { allow5xx: false });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          sent++;
        }
      }),
      fuzzParameters(runs),
    );
    expect(sent).toBeGreaterThanOrEqual(runs * REQUESTS_PER_RUN);
    // The generators must reach every outcome, or the property proves less than it claims.
    for (const status of [200, 204, 400, 401, 403, 404, 405, 429]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  });

  it('answers 503 or 500 JSON without a stack when the quota store fails, and never throws', async () => {
    const failures = ['unavailable', 'unavailable-async', 'type-error', 'rejects-string', 'hangs-then-fails', 'ok'] as const;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fuzzRequestArb, fc.constantFrom(...failures)), { minLength: 10, maxLength: 10 }), async (pairs) => {
        let failure: (typeof failures)[number] = 'ok';
        const ok: QuotaDecision = { allowed: true, exceeded: null, remainingMinute: 9, remainingDay: 99, resetMinute: 60, resetDay: 3600, retryAfter: 1 };
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
      }),
      fuzzParameters(scaled(100, 1_000)),
    );
    expect(sent).toBeGreaterThanOrEqual(1_000);
  });
});
