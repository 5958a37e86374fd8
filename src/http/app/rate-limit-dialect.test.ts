import SwaggerParser from '@apidevtools/swagger-parser';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../mocks/scenarios.js';
import { createApp } from '../create-app.js';
import { APP_DEFAULTS } from './app-options.js';
import { createRateLimitHeaders, RATE_LIMIT_HEADER_DIALECTS, type RateLimitHeaderDialect } from './rate-limit-dialect.js';

const URL_ = 'http://localhost/api/v1/generate';
const limits = { perMinute: 10, perDay: 100 };
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const allowed = { allowed: true, exceeded: null, remainingMinute: 7, remainingDay: 93, resetMinute: 42, resetDay: 43_200, retryAfter: 0 };

const names = (list: ReadonlyArray<readonly [string, string]>): string[] => list.map(([name]) => name);

const DEFAULTS = { rateLimitHeaders: APP_DEFAULTS.rateLimitHeaders, retryAfter: APP_DEFAULTS.retryAfter };

describe('createRateLimitHeaders', () => {
  it("'draft' (the default) sends RateLimit-Policy and RateLimit, as before", () => {
    expect(createRateLimitHeaders(limits, DEFAULTS).headers(allowed)).toEqual([
      ['ratelimit-policy', '"minute";q=10;w=60, "day";q=100;w=86400'],
      ['ratelimit', '"minute";r=7;t=42, "day";r=93;t=43200'],
    ]);
  });

  it("'x-ratelimit' sends the window that binds first, and exposes the three names to browsers", () => {
    const x = createRateLimitHeaders(limits, { ...DEFAULTS, rateLimitHeaders: 'x-ratelimit' });
    expect(x.headers(allowed)).toEqual([
      ['x-ratelimit-limit', '10'],
      ['x-ratelimit-remaining', '7'],
      ['x-ratelimit-reset', '42'],
      ['access-control-expose-headers', 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset'],
    ]);
    // Fewer left today than this minute: the day binds.
    expect(x.headers({ ...allowed, remainingDay: 3 }).slice(0, 3)).toEqual([
      ['x-ratelimit-limit', '100'],
      ['x-ratelimit-remaining', '3'],
      ['x-ratelimit-reset', '43200'],
    ]);
    // On a 429, the exhausted window, whatever the other has left.
    const refused = { ...allowed, allowed: false, exceeded: 'minute' as const, remainingMinute: 0, remainingDay: 0, retryAfter: 42 };
    expect(x.headers(refused)[0]).toEqual(['x-ratelimit-limit', '10']);
  });

  it("'both' sends the two dialects", () => {
    expect(names(createRateLimitHeaders(limits, { ...DEFAULTS, rateLimitHeaders: 'both' }).headers(allowed))).toEqual([
      'ratelimit-policy',
      'ratelimit',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'access-control-expose-headers',
    ]);
  });

  it("writes Retry-After as whole seconds, or as an HTTP date rounded up to the second with 'http-date'", () => {
    const refused = { ...allowed, allowed: false, exceeded: 'minute' as const, retryAfter: 42 };
    expect(createRateLimitHeaders(limits, DEFAULTS).retryAfter(refused, T0 + 250)).toBe('42');
    const date = createRateLimitHeaders(limits, { ...DEFAULTS, retryAfter: 'http-date' }).retryAfter(refused, T0 + 250);
    expect(date).toBe('Sun, 22 Nov 2026 12:00:43 GMT');
    expect(Date.parse(date)).toBeGreaterThanOrEqual(T0 + 250 + 42_000);
  });
});

describe('createApp({ rateLimitHeaders, retryAfter })', () => {
  it('sends the dialect on 200, 400, 403 and 429, and keeps retry_after in seconds in the body', async () => {
    const app = createApp({ rateLimitHeaders: 'x-ratelimit', retryAfter: 'http-date', clock: { now: () => T0 } });
    for (const query of ['', '?quantity=0', '?format=csv']) {
      const response = await app.fetch(new Request(URL_ + query));
      expect(response.headers.get('x-ratelimit-limit')).toBe('10');
      expect(response.headers.get('ratelimit')).toBeNull();
      expect(response.headers.get('access-control-expose-headers')).toBe(
        'RateLimit, RateLimit-Policy, Retry-After, Content-Disposition, WWW-Authenticate, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
      );
    }
    await app.exhaust('minute');
    const limited = await app.fetch(new Request(URL_));
    const body = (await limited.json()) as { retry_after: number };
    expect(limited.status).toBe(429);
    expect(body.retry_after).toBe(60);
    expect(limited.headers.get('retry-after')).toBe('Sun, 22 Nov 2026 12:01:00 GMT');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset')).toBe('60');
    // The audit reads the date as the instant a retry may come.
    expect(app.audit().requests.at(-1)).toMatchObject({ status: 429, retryAt: T0 + 60_000 });
  });

  it('sends no rate-limit header of any dialect to the lifetime tier', async () => {
    const response = await createApp({ tier: 'lifetime', rateLimitHeaders: 'both' }).fetch(new Request(URL_));
    expect([...response.headers.keys()].filter((name) => name.includes('ratelimit'))).toEqual([]);
  });

  it('refuses an unknown dialect or Retry-After format, naming the allowed ones', () => {
    expect(() => createApp({ rateLimitHeaders: 'github' as never })).toThrow(
      'rateLimitHeaders must be one of draft, x-ratelimit, both, got "github"',
    );
    expect(() => createApp({ retryAfter: 'ms' as never })).toThrow('retryAfter must be one of seconds, http-date, got "ms"');
  });

  it.each(RATE_LIMIT_HEADER_DIALECTS)('describes the %s dialect in a valid OpenAPI document', async (dialect: RateLimitHeaderDialect) => {
    const app = createApp({ rateLimitHeaders: dialect, retryAfter: dialect === 'both' ? 'http-date' : 'seconds' });
    const document = (await (await app.fetch(new Request('http://localhost/api/v1/openapi.json'))).json()) as {
      paths: Record<string, { get: { responses: Record<string, { headers: Record<string, unknown> }> } }>;
      components: { headers: Record<string, { schema: { type: string } }> };
    };
    const headers = Object.keys(document.paths['/api/v1/generate']!.get.responses['429']!.headers);
    expect(headers.includes('RateLimit')).toBe(dialect !== 'x-ratelimit');
    expect(headers.includes('X-RateLimit-Reset')).toBe(dialect !== 'draft');
    expect(document.components.headers.RetryAfter!.schema.type).toBe(dialect === 'both' ? 'string' : 'integer');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });
});

describe('scenarios.rateLimited({ rateLimitHeaders, retryAfterFormat })', () => {
  it('answers in the dialect asked, Retry-After as a date of its clock', async () => {
    const handler = scenarios.rateLimited({ rateLimitHeaders: 'both', retryAfterFormat: 'http-date', clock: { now: () => T0 } });
    const response = await getResponse([handler], new Request(URL_));
    expect(response?.status).toBe(429);
    expect(response?.headers.get('retry-after')).toBe('Sun, 22 Nov 2026 12:01:00 GMT');
    expect(response?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(response?.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=60, /);
  });
});
