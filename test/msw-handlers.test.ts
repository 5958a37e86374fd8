// createHandlers() and scenarios as a frontend test suite uses them: default options, real clock, setupServer.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Collection } from '@msw/data';
import { createRecordsDb } from '../mocks/data.js';
import { companyRecordStandardSchema, createHandlers, scenarios } from '../mocks/index.js';
import { isValidSiret } from '../src/core/identifiers/index.js';

const mock = createHandlers({ db: createRecordsDb() });
// The app's own endpoints, which the siret-mock handlers must never answer.
const appHandlers = [
  http.get('*/api/v1/users', () => HttpResponse.json({ users: [] })),
  http.all('*', () => HttpResponse.json({ from: 'app catch-all' })),
];
const server = setupServer(...mock.handlers, ...appHandlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as Parameters<typeof server.listen>[0]));
afterEach(() => {
  server.resetHandlers();
  mock.reset();
});
afterAll(() => server.close());

const API = 'https://siret.example.test/api/v1/generate';

interface Generated {
  count: number;
  data: Array<{ siret: string }>;
  meta: { rate_limit_remaining_minute: number; rate_limit_remaining_day: number };
}

describe('createHandlers() under setupServer', () => {
  it('serves 10 calls of 5 records (remaining 9..0), a spec 429 on the 11th, recovers after clock.advance(61_000); reset() restores all', async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await fetch(API);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Generated;
      expect(body.count).toBe(5);
      expect(body.data).toHaveLength(5);
      remaining.push(body.meta.rate_limit_remaining_minute);
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);

    const refused = await fetch(API);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: string; message: string; retry_after: number; upgrade: string };
    expect(body).toEqual({
      error: 'rate_limit_exceeded',
      message: 'Too many requests. Limit: 10 per minute.',
      retry_after: body.retry_after,
      upgrade: 'https://siret.example.test/pricing',
    });
    expect(body.retry_after).toBeGreaterThanOrEqual(1);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(refused.headers.get('retry-after')).toBe(String(body.retry_after));

    mock.clock.advance(61_000);
    const again = await fetch(API);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Generated).meta).toMatchObject({ rate_limit_remaining_minute: 9, rate_limit_remaining_day: 89 });

    expect(mock.db.count()).toBe(55);
    mock.reset();
    expect(mock.db.count()).toBe(0);
    const fresh = (await (await fetch(API)).json()) as Generated;
    expect(fresh.meta).toMatchObject({ rate_limit_remaining_minute: 9, rate_limit_remaining_day: 99 });
  });

  it('records every served record in db, in order, queryable with @msw/data', async () => {
    const first = (await (await fetch(`${API}?quantity=3&seed=42`)).json()) as Generated;
    const second = (await (await fetch(`${API}?quantity=2`)).json()) as Generated;
    const all = mock.db.all();
    expect(all.map((r) => r.siret)).toEqual([...first.data, ...second.data].map((r) => r.siret));
    expect(all.every((r) => isValidSiret(r.siret))).toBe(true);
    const target = first.data[1]?.siret as string;
    expect(mock.db.findFirst((q) => q.where({ siret: target }))?.siret).toBe(target);
    await fetch(`${API}?quantity=0`);
    await fetch(`${API}?seed=1`, { method: 'HEAD' });
    expect(mock.db.count()).toBe(5);
  });

  it('records nothing without the db option (the default)', async () => {
    const lean = createHandlers({ baseUrl: 'https://lean.test' });
    server.use(...lean.handlers);
    expect(((await (await fetch('https://lean.test/api/v1/generate')).json()) as Generated).count).toBe(5);
    expect(lean.db).toBeUndefined();
    lean.reset();
  });

  it("fills the caller's own @msw/data collection, built with companyRecordStandardSchema", async () => {
    const companies = new Collection({ schema: companyRecordStandardSchema });
    const own = createHandlers({ baseUrl: 'https://own.test', db: companies });
    server.use(...own.handlers);
    const body = (await (await fetch('https://own.test/api/v1/generate?quantity=3&seed=7')).json()) as Generated;
    expect(own.db).toBe(companies);
    expect(companies.all().map((r) => r.siret)).toEqual(body.data.map((r) => r.siret));
    // @msw/data also prints the schema's issues with console.error: kept out of the test output, and checked.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(companies.create({ ...companies.all()[0]!, siret: '123' })).rejects.toThrow(/does not match the schema/);
      expect(JSON.stringify(printed.mock.calls)).toMatch(/siret must match/);
    } finally {
      printed.mockRestore();
    }
    own.reset();
    expect(companies.count()).toBe(0);
  });

  it('answers as a fetch function too (page.route, custom fetch), with the same quota and baseUrl rules', async () => {
    const scoped = createHandlers({ baseUrl: 'http://localhost:3000/siret/', limits: { perMinute: 1 } });
    const first = await scoped.fetch(new Request('http://localhost:3000/siret/api/v1/generate?quantity=2'));
    expect(((await first.json()) as Generated).count).toBe(2);
    expect((await scoped.fetch(new Request('http://localhost:3000/siret/api/v1/generate'))).status).toBe(429);
    expect((await scoped.fetch(new Request('http://localhost:3000/siret/api/v1/openapi.json'))).status).toBe(200);
    expect((await scoped.fetch(new Request('http://localhost:3000/api/v1/generate'))).status).toBe(404);
    expect((await scoped.fetch(new Request('http://other.test/siret/api/v1/generate'))).status).toBe(404);
  });

  it('never answers other paths: the app keeps its own endpoints', async () => {
    expect(await (await fetch('https://siret.example.test/api/v1/users')).json()).toEqual({ users: [] });
    expect(await (await fetch('https://siret.example.test/healthz')).json()).toEqual({ from: 'app catch-all' });
    expect(await (await fetch('https://siret.example.test/api/v1/generate/extra')).json()).toEqual({ from: 'app catch-all' });
    expect(((await (await fetch(API)).json()) as Generated).meta.rate_limit_remaining_minute).toBe(9);
  });

  it('answers on any origin without baseUrl, and only on its origin with baseUrl', async () => {
    for (const origin of ['http://localhost:5173', 'https://api.other.test'])
      expect((await fetch(`${origin}/api/v1/generate`)).status).toBe(200);
    const narrowed = createHandlers({ baseUrl: 'http://localhost:3000/siret/', db: createRecordsDb() });
    server.use(...narrowed.handlers);
    const served = await fetch('http://localhost:3000/siret/api/v1/generate?quantity=1');
    expect(((await served.json()) as Generated).count).toBe(1);
    expect(narrowed.db.count()).toBe(1);
    await fetch('http://localhost:4000/api/v1/generate');
    expect(narrowed.db.count()).toBe(1);
  });

  it('keeps handler sets independent: separate quotas, clocks and dbs', async () => {
    const other = createHandlers({ baseUrl: 'https://other.test', db: createRecordsDb() });
    server.use(...other.handlers);
    for (let i = 0; i < 10; i++) await fetch(API);
    expect((await fetch(API)).status).toBe(429);
    expect((await fetch('https://other.test/api/v1/generate')).status).toBe(200);
    other.clock.advance(3_600_000);
    expect((await fetch(API)).status).toBe(429);
    expect(other.db.count()).toBe(5);
    expect(mock.db.count()).toBe(50);
  });

  it('counts callers separately with callerOf', async () => {
    const perUser = createHandlers({
      baseUrl: 'https://per-user.test',
      limits: { perMinute: 1 },
      callerOf: (request) => request.headers.get('x-user') ?? 'anonymous',
    });
    server.use(...perUser.handlers);
    const call = (user: string) => fetch('https://per-user.test/api/v1/generate', { headers: { 'x-user': user } });
    expect([(await call('ann')).status, (await call('bob')).status, (await call('ann')).status]).toEqual([200, 200, 429]);
  });

  it('sets the clock to a given instant with clock.set', async () => {
    mock.clock.set(Date.UTC(2030, 0, 1, 12));
    const body = (await (await fetch(API)).json()) as { meta: { generated_at: string } };
    expect(body.meta.generated_at).toBe('2030-01-01T12:00:00+00:00');
  });

  it('refuses to move the clock outside 1970..9999 with a RangeError, and keeps its time', async () => {
    mock.clock.set(Date.UTC(9999, 11, 31, 23, 0, 0));
    // The clock runs on real time: a millisecond or two may pass after set().
    expect(() => mock.clock.advance(3_600_000)).toThrow(RangeError);
    expect(() => mock.clock.advance(3_600_000)).toThrow(
      /^clock\.advance: the clock would read \+010000-01-01T00:00:00\.\d{3}Z; it stays from 1970-01-01T00:00:00\.000Z to 9999-12-31T23:59:59\.999Z$/,
    );
    expect(() => mock.clock.set(Date.UTC(1900, 0, 1))).toThrow(RangeError);
    const body = (await (await fetch(API)).json()) as { meta: { generated_at: string } };
    expect(body.meta.generated_at).toMatch(/^9999-12-31T23:00:0\d\+00:00$/);
  });
});

describe('scenarios', () => {
  it('rateLimited: the next request gets the minute 429, then the handlers answer again', async () => {
    server.use(scenarios.rateLimited({ window: 'minute' }));
    const refused = await fetch(API);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: 'rate_limit_exceeded',
      message: 'Too many requests. Limit: 10 per minute.',
      retry_after: 60,
      upgrade: 'https://siret.example.test/pricing',
    });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=60, "day";r=\d+;t=\d+$/);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(API)).status).toBe(200);
  });

  it('rateLimited: the day window, for several requests, with the seconds to midnight', async () => {
    const clock = { now: () => Date.UTC(2026, 10, 22, 23, 0, 0) };
    server.use(scenarios.rateLimited({ window: 'day', times: 2, clock }));
    for (let i = 0; i < 2; i++) {
      const refused = await fetch(API);
      expect(await refused.json()).toMatchObject({ message: 'Too many requests. Limit: 100 per day.', retry_after: 3600 });
      expect(refused.headers.get('retry-after')).toBe('3600');
    }
    expect((await fetch(API)).status).toBe(200);
  });

  it('serverError: a JSON 500 internal_error', async () => {
    server.use(scenarios.serverError());
    const response = await fetch(API);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: 'internal_error' });
    expect((await fetch(API)).status).toBe(200);
  });

  it('networkError: fetch rejects with a TypeError', async () => {
    server.use(scenarios.networkError({ times: Infinity }));
    for (let i = 0; i < 3; i++) await expect(fetch(API)).rejects.toThrow(TypeError);
  });

  it('slow: the response is delayed, then served by the handlers', async () => {
    server.use(scenarios.slow(150));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let answered = false;
      const response = fetch(API).finally(() => (answered = true));
      await vi.advanceTimersByTimeAsync(149);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(((await (await response).json()) as Generated).count).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rateLimited and serverError take over the lookups too: a lookup form rehearses its 429 and 500', async () => {
    server.use(scenarios.rateLimited({ times: 1 }), scenarios.serverError({ times: 1 }));
    const lookup = 'https://siret.example.test/api/v1/siret/73282932000074';
    expect((await fetch(lookup)).status).toBe(429);
    expect((await fetch('https://siret.example.test/api/v1/siren/732829320')).status).toBe(500);
  });

  it('notFound: the next lookup of any number gets the 404 not_found, and generate is left alone', async () => {
    server.use(scenarios.notFound({ times: 2 }));
    expect((await fetch(API)).status).toBe(200);
    for (const path of ['siret/73282932000074', 'siren/732829320']) {
      const response = await fetch(`https://siret.example.test/api/v1/${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found', reason: 'unused_number' });
    }
    expect((await fetch('https://siret.example.test/api/v1/siren/732829320')).status).toBe(200);
  });

  it('leaves preflights and other paths alone', async () => {
    server.use(scenarios.serverError({ times: Infinity }));
    expect((await fetch(API, { method: 'OPTIONS' })).status).toBe(204);
    // Read to the end: a large body left unread makes msw 3's TLS socket emulation fail when the socket closes.
    expect((await (await fetch('https://siret.example.test/api/v1/openapi.json')).json()).openapi).toBe('3.1.0');
    expect((await fetch(API)).status).toBe(500);
  });
});
