import { describe, expect, it } from 'vitest';
import { createMemoryQuotaStore } from '../core/quota/index.js';
import { CONTRACT_START_TIME, defineContractSuite } from '../../test/contract/contract-suite.js';
import { prefersCsv } from './generate/accept.js';
import { createApp } from './create-app.js';
import { formatTimestamp } from './generate/index.js';

// The fetch handler itself, called without any transport: the same suite as MSW and the server, plus unknown paths and /healthz.
defineContractSuite(
  'createApp().fetch (no transport)',
  async (options) => {
    let now = CONTRACT_START_TIME;
    const app = createApp({ ...options, clock: { now: () => now } });
    return {
      baseUrl: 'http://service.test',
      fetch: (input, init) => app.fetch(new Request(input, init)),
      advanceClock: (ms) => {
        now += ms;
      },
      close: async () => {},
    };
  },
  { unknownPathIs404: true },
);

const request = (path: string, init?: RequestInit) => new Request(`http://service.test${path}`, init);

describe('createApp options', () => {
  it('counts each context.caller as its own caller by default', async () => {
    const app = createApp({ limits: { perMinute: 1 } });
    const status = async (caller?: string) => (await app.fetch(request('/api/v1/generate'), caller ? { caller } : undefined)).status;
    expect([await status('192.0.2.1'), await status('192.0.2.2'), await status('192.0.2.1'), await status(), await status()]).toEqual([
      200, 200, 429, 200, 429,
    ]);
  });

  it('uses callerOf when given', async () => {
    const app = createApp({ limits: { perMinute: 1 }, callerOf: (r) => r.headers.get('x-team') ?? '-' });
    const status = async (team: string) => (await app.fetch(request('/api/v1/generate', { headers: { 'x-team': team } }))).status;
    expect([await status('a'), await status('b'), await status('a')]).toEqual([200, 200, 429]);
  });

  it('shares a given store, exposes store and clock, and passes served records to onRecords', async () => {
    const store = createMemoryQuotaStore();
    const served: number[] = [];
    const clock = { now: () => CONTRACT_START_TIME };
    const app = createApp({ store, clock, onRecords: (records) => served.push(records.length) });
    expect(app.store).toBe(store);
    expect(app.clock).toBe(clock);
    await app.fetch(request('/api/v1/generate?quantity=3'));
    await app.fetch(request('/api/v1/generate?quantity=0'));
    await app.fetch(request('/api/v1/generate', { method: 'HEAD' }));
    expect(served).toEqual([3]);
    expect(store.size).toBe(1);
  });

  it('draws unseeded records from the given random source', async () => {
    const fixed = createApp({ random: { next: () => 0.5 } });
    const a = await (await fixed.fetch(request('/api/v1/generate'))).json();
    const b = await (await fixed.fetch(request('/api/v1/generate?seed=2147483648'))).json();
    expect(a.data).toEqual(b.data);
  });

  it('keeps a random source that returns exactly 1 inside the seed range', async () => {
    const app = createApp({ random: { next: () => 1 } });
    expect((await app.fetch(request('/api/v1/generate'))).status).toBe(200);
  });

  it('answers a JSON 500 without leaking when onRecords throws', async () => {
    const app = createApp({
      onRecords: () => {
        throw new Error('boom');
      },
    });
    const response = await app.fetch(request('/api/v1/generate'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'internal_error', message: 'Internal error; the request was not served.' });
  });

  it.each([
    [{ limits: { perMinute: 0 } }, /limits.perMinute/],
    [{ limits: { perDay: 1.5 } }, /limits.perDay/],
    [{ limits: { maxQuantity: { free: -1 } } }, /limits.maxQuantity.free/],
    [{ tier: 'gold' as never }, /tier/],
    [{ seed: -1 }, /seed/],
  ])('rejects impossible options at creation: %j', (options, message) => {
    expect(() => createApp(options)).toThrow(message);
  });
});

describe('createApp({ mounted: true }): the service inside an app that owns every path outside /api/v1/', () => {
  const get = (app: ReturnType<typeof createApp>, path: string, init?: RequestInit) =>
    app.fetch(new Request(`http://app.test${path}`, init), { caller: '192.0.2.1' });

  it("answers the API's paths and its pricing page under /api/v1/, and 404s the server's own paths with a JSON body naming the API's", async () => {
    const app = createApp({ mounted: true });
    expect((await get(app, '/api/v1/generate')).status).toBe(200);
    expect((await get(app, '/api/v1/openapi.json')).status).toBe(200);
    expect((await get(app, '/api/v1/pricing', { headers: { accept: 'text/html' } })).headers.get('content-type')).toMatch(/^text\/html/);
    for (const path of ['/healthz', '/pricing', '/favicon.ico', '/api/v1/companies']) {
      const response = await get(app, path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'not_found',
        message:
          "No such path. This service answers /api/v1/generate, /api/v1/siret/{siret}, /api/v1/siren/{siren} and /api/v1/openapi.json; paths outside /api/v1/ are the app's.",
      });
    }
  });

  it('points the default upgrade link at /api/v1/pricing on the request origin, keeps a configured URL and takes a path on the origin', async () => {
    const upgrade = async (app: ReturnType<typeof createApp>) =>
      ((await (await get(app, '/api/v1/generate?format=csv')).json()) as { upgrade: string }).upgrade;
    expect(await upgrade(createApp({ mounted: true }))).toBe('http://app.test/api/v1/pricing');
    expect(await upgrade(createApp())).toBe('http://app.test/pricing');
    expect(await upgrade(createApp({ mounted: true, upgradeUrl: 'https://example.test/plans' }))).toBe('https://example.test/plans');
    expect(await upgrade(createApp({ upgradeUrl: '/plans?from=mock' }))).toBe('http://app.test/plans?from=mock');
  });
});

describe('prefersCsv', () => {
  it.each([
    [null, false],
    ['', false],
    ['text/csv', true],
    ['TEXT/CSV', true],
    ['text/csv;q=0', false],
    ['text/csv;q=0.9, application/json;q=0.8', true],
    ['application/*;q=0.2, text/csv;q=0.1', false],
    ['text/*;q=0.5, */*;q=0.1', true],
    ['text/csv;q=abc', true],
  ])('%s -> %s', (accept, expected) => {
    expect(prefersCsv(accept)).toBe(expected);
  });
});

describe('formatTimestamp', () => {
  it('writes whole seconds with an explicit +00:00 offset', () => {
    expect(formatTimestamp(Date.UTC(2026, 10, 22, 5, 35, 35, 999))).toBe('2026-11-22T05:35:35+00:00');
  });
});
