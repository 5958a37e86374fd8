import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryQuotaStore, type QuotaStore } from '../../core/quota/index.js';
import { createApp } from '../create-app.js';
import type { AppOptions, RequestContext } from '../app/index.js';
import { listControlPaths } from './control-routes.js';

const BASE = 'http://localhost';
const LOOPBACK: RequestContext = { caller: '127.0.0.1', peerAddress: '127.0.0.1' };
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

function client(options: AppOptions = {}, context: RequestContext = LOOPBACK) {
  const app = createApp({ control: true, clock: { now: () => T0 }, ...options });
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.fetch(
      new Request(`${BASE}/__siret-mock/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
      context,
    );
  const generate = async () => {
    const response = await app.fetch(new Request(`${BASE}/api/v1/generate`), context);
    const body = (await response.json()) as { meta?: { rate_limit_remaining_minute: number }; error?: string };
    return { status: response.status, minute: body.meta?.rate_limit_remaining_minute, error: body.error };
  };
  return { app, post, generate };
}

describe('control endpoints (createApp({ control: true }))', () => {
  it('/usage sets the quota state, /clock moves it, /reset forgets it; none of them is counted', async () => {
    const { post, generate } = client();
    expect(await (await post('usage', { minute: 10 })).json()).toEqual({ usage: { minute: 10 }, now: '2026-11-22T12:00:00.000Z' });
    expect(await generate()).toMatchObject({ status: 429 });
    expect(await (await post('clock', { advance_ms: 61_000 })).json()).toEqual({ now: '2026-11-22T12:01:01.000Z' });
    expect(await generate()).toMatchObject({ status: 200, minute: 9 });
    expect((await post('reset')).status).toBe(200);
    expect(await generate()).toMatchObject({ status: 200, minute: 9 });
    expect(await (await post('clock', { set: '2026-11-23T00:00:00Z' })).json()).toEqual({ now: '2026-11-23T00:00:00.000Z' });
    expect(await (await post('clock', { reset: true })).json()).toEqual({ now: '2026-11-22T12:00:00.000Z' });
  });

  it('/scenario puts a scenario of siret-mock/msw in front of the API by name, with its options, until "none"', async () => {
    const { app, post, generate } = client();
    const set = await post('scenario', { name: 'rateLimited', window: 'day', times: 2 });
    expect(await set.json()).toMatchObject({ scenario: { name: 'rateLimited', window: 'day', times: 2, left: 2 } });
    const limited = await app.fetch(new Request(`${BASE}/api/v1/generate`), LOOPBACK);
    expect(await limited.json()).toMatchObject({ error: 'rate_limit_exceeded', message: 'Too many requests. Limit: 100 per day.' });
    expect(limited.headers.get('retry-after')).toBe('43200');
    expect(await generate()).toMatchObject({ status: 429 });
    expect(await generate()).toMatchObject({ status: 200, minute: 9 });
    await post('scenario', { name: 'serverError', times: null });
    expect(await generate()).toMatchObject({ status: 500, error: 'internal_error' });
    expect(await generate()).toMatchObject({ status: 500 });
    expect(await (await post('scenario', { name: 'none' })).json()).toEqual({ scenario: null });
    expect(await generate()).toMatchObject({ status: 200 });
  });

  it('/scenario notFound answers lookups of any number with the 404, and leaves generate alone', async () => {
    const { app, post, generate } = client();
    await post('scenario', { name: 'notFound' });
    expect(await generate()).toMatchObject({ status: 200 });
    const lookup = await app.fetch(new Request(`${BASE}/api/v1/siret/73282932000074`), LOOPBACK);
    expect([lookup.status, await lookup.json()]).toMatchObject([404, { error: 'not_found', reason: 'unused_number' }]);
    expect((await app.fetch(new Request(`${BASE}/api/v1/siren/732829320`), LOOPBACK)).status).toBe(200);
  });

  it('/scenario networkError makes the body fail, so a transport cuts the connection', async () => {
    const { app, post } = client();
    await post('scenario', { name: 'networkError' });
    const response = await app.fetch(new Request(`${BASE}/api/v1/generate`), LOOPBACK);
    await expect(response.text()).rejects.toThrow('networkError');
  });

  it('/audit reports the early retries of a client, scenario answers included', async () => {
    const { app, post } = client();
    await post('scenario', { name: 'rateLimited', retryAfter: 5, times: null });
    await app.fetch(new Request(`${BASE}/api/v1/generate`), LOOPBACK);
    await app.fetch(new Request(`${BASE}/api/v1/generate`), LOOPBACK);
    const response = await app.fetch(new Request(`${BASE}/__siret-mock/audit`), LOOPBACK);
    const audit = (await response.json()) as { requests: unknown[]; violations: Array<{ kind: string; caller: string }> };
    expect(audit.requests).toHaveLength(2);
    expect(audit.violations).toMatchObject([{ kind: 'early-retry', caller: '127.0.0.1' }]);
  });

  it('answers loopback connections only, by the socket address, with the contract error for others', async () => {
    for (const peerAddress of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1', '::FFFF:127.255.0.9']) {
      expect((await client({}, { peerAddress }).post('reset')).status).toBe(200);
    }
    const others = ['192.0.2.7', '::/56', '::2', '::ffff:0:10.0.0.1', '0:0:0:ff::1', '::1.2.3.4', '::ffff:10.0.0.1', '127.0.0.256'];
    // The caller key is no address to trust here: it may come from X-Forwarded-For, and groups IPv6 by /56.
    const contexts: RequestContext[] = [...others.map((peerAddress) => ({ peerAddress })), {}, { caller: '127.0.0.1' }];
    for (const context of contexts) {
      const refused = await client({}, context).post('reset');
      expect(refused.status, JSON.stringify(context)).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'control_forbidden' });
    }
  });

  it('refuses a loopback connection that came through a proxy', async () => {
    for (const header of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }] as Array<Record<string, string>>) {
      const refused = await client().post('reset', undefined, header);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toContain('not through a proxy');
    }
  });

  it('refuses web pages of other origins and names other than loopback, and sends no CORS headers', async () => {
    const { app, post } = client();
    const foreign = await post('scenario', { name: 'networkError', times: null }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'control_forbidden' });
    expect((await post('reset', undefined, { origin: 'null' })).status).toBe(403);
    expect((await post('reset', undefined, { origin: 'http://localhost:5173' })).status).toBe(403);
    // A page on the server's own origin (the Vite plugin's dev server) may call it.
    expect((await post('reset', undefined, { origin: 'http://localhost' })).status).toBe(200);
    // DNS rebinding: evil.example now resolves to 127.0.0.1, so the page is "same origin" but names itself in Host.
    const rebound = client({}, { ...LOOPBACK, host: 'evil.example:3000' });
    const refused = await rebound.post('usage', { minute: 10 }, { origin: 'http://evil.example:3000' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('"evil.example:3000"');
    expect((await rebound.app.fetch(new Request(`${BASE}/__siret-mock/audit`), { ...LOOPBACK, host: 'evil.example:3000' })).status).toBe(
      403,
    );
    for (const host of ['localhost:3000', '127.0.0.1', '127.1.2.3:80', '[::1]:3000', 'LOCALHOST']) {
      expect((await client({}, { ...LOOPBACK, host }).post('reset')).status, host).toBe(200);
    }
    for (const response of [foreign, refused, await post('reset'), await app.fetch(new Request(`${BASE}/__siret-mock/audit`), LOOPBACK)]) {
      const granted = [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));
      expect(granted).toEqual([]);
    }
  });

  it('takes a body only as application/json, so that a page cannot send one without a failing preflight', async () => {
    const { post } = client();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const refused = await post('scenario', { name: 'networkError', times: null }, { 'content-type': type });
      expect(refused.status).toBe(415);
      expect(refused.statusText).toBe('Unsupported Media Type');
      expect(await refused.json()).toMatchObject({ error: 'unsupported_media_type' });
    }
    const untyped = new Request(`${BASE}/__siret-mock/usage`, { method: 'POST', body: '{"minute":1}' });
    untyped.headers.delete('content-type');
    expect((await client().app.fetch(untyped, LOOPBACK)).status).toBe(415);
    expect((await post('usage', { minute: 1 }, { 'content-type': 'Application/JSON; charset=utf-8' })).status).toBe(200);
    // No body needs no Content-Type: `curl -X POST .../reset`.
    expect((await client().app.fetch(new Request(`${BASE}/__siret-mock/reset`, { method: 'POST' }), LOOPBACK)).status).toBe(200);
  });

  it('with a token, needs Authorization: Bearer <token> from every caller, loopback included', async () => {
    const remote = client({ controlToken: 's3cret-token' }, { peerAddress: '192.0.2.7', host: 'mock.example:3000' });
    expect((await remote.post('reset', undefined, { authorization: 'Bearer s3cret-token' })).status).toBe(200);
    const page = await remote.post('reset', undefined, { authorization: 'Bearer s3cret-token', origin: 'https://evil.example' });
    expect(page.status).toBe(403);
    for (const authorization of [undefined, 'Bearer wrong-token', 'Basic czNjcmV0LXRva2Vu', 'Bearer s3cret-token2']) {
      const refused = await client({ controlToken: 's3cret-token' }).post('reset', undefined, authorization ? { authorization } : {});
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="siret-mock control"');
      expect(await refused.json()).toMatchObject({ error: 'invalid_control_token' });
    }
  });

  it.each([
    ['clock', { advance_ms: 'soon' }, 'advance_ms must be a whole number of milliseconds'],
    ['clock', { advance_ms: 1, reset: true }, 'give one of advance_ms'],
    ['clock', '{not json', 'the body is not JSON'],
    [
      'clock',
      { set: '1900-01-01T00:00:00Z' },
      'the clock would read 1900-01-01T00:00:00.000Z; it stays from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z',
    ],
    ['clock', { set: '0000-01-01T00:00:00Z' }, 'the clock would read'],
    ['usage', { minute: 11 }, 'minute must be a whole number from 0 to 10 (limits.perMinute), got 11'],
    ['usage', { hour: 1 }, 'unknown field "hour"'],
    [
      'scenario',
      { name: 'explode' },
      '"name" has an invalid value "explode"; allowed: rateLimited, serverError, networkError, slow, notFound, none',
    ],
    ['scenario', { name: 'slow' }, '"slow" needs "ms"'],
    ['scenario', { name: 'rateLimited', retryAfter: -1 }, '"retryAfter" has an invalid value -1'],
    ['reset', { everything: true }, 'takes no body'],
    ['usage', JSON.stringify({ minute: 1, pad: 'x'.repeat(5000) }), 'the body is over 4096 bytes'],
  ])('refuses a bad /%s body with a 400 that says why', async (path, body, message) => {
    const response = await client().post(path, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: string; message: string };
    expect(error.error).toBe('invalid_control_request');
    expect(error.message).toContain(message);
  });

  it('names a key of the Object prototype in a body as an unknown field, on every endpoint that reads one', async () => {
    const { post } = client();
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['scenario', { name: 'serverError' }],
      ['clock', { advance_ms: 1 }],
      ['usage', { minute: 1 }],
      ['reset', {}],
    ];
    for (const key of ['__proto__', 'constructor', 'hasOwnProperty', 'valueOf', 'toString', '__defineGetter__']) {
      for (const [path, valid] of bodies) {
        // Raw text: JSON.parse makes "__proto__" an own key, as it would from a client.
        const rest = JSON.stringify(valid).slice(1);
        const refused = await post(path, `{"${key}":1${rest === '}' ? '' : ','}${rest}`);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({
          error: 'invalid_control_request',
          message: expect.stringContaining(`unknown field "${key}"`),
        });
      }
    }
    expect(await (await post('scenario', { name: 'serverError', limits: { constructor: 1 } })).json()).toMatchObject({
      error: 'invalid_control_request',
    });
    expect(await (await post('scenario', { name: 'none' })).json()).toEqual({ scenario: null });
  });

  it('answers other methods with 405 and Allow, and preflights without granting anything', async () => {
    const { app } = client();
    const get = await app.fetch(new Request(`${BASE}/__siret-mock/reset`), LOOPBACK);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const preflight = await app.fetch(
      new Request(`${BASE}/__siret-mock/usage`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      }),
      LOOPBACK,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('allow')).toBe('POST, OPTIONS');
    expect([...preflight.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const head = await app.fetch(new Request(`${BASE}/__siret-mock/audit`, { method: 'HEAD' }), LOOPBACK);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses what holds in one process only when the quota store is shared (Redis)', async () => {
    const shared = { consume: () => ({}) as never, reset: () => undefined, shared: true };
    const { post } = client({ store: shared });
    expect((await post('reset')).status).toBe(200);
    for (const [path, body] of [
      ['clock', { advance_ms: 1 }],
      ['usage', { minute: 1 }],
      ['scenario', { name: 'none' }],
    ] as const) {
      const refused = await post(path, body);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: 'control_unavailable' });
    }
  });

  it('answers a failure of its store with the JSON 503 every path gives, without CORS headers, rather than rejecting', async () => {
    const outage = Object.assign(new Error('quota store unreachable'), { name: 'QuotaStoreUnavailableError' });
    const store = { consume: () => Promise.reject(outage), reset: () => Promise.reject(outage), shared: true };
    const refused = await client({ store }).post('reset');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toMatchObject({ error: 'quota_store_unavailable', retry_after: 1 });
  });

  it('keeps the clock within the years it can show, however many moves add up', async () => {
    const { post, generate } = client();
    let moved = 0;
    let refused: Response | undefined;
    for (let i = 0; i < 1000 && refused === undefined; i++) {
      const response = await post('clock', { advance_ms: 315_000_000_000 });
      if (response.status === 200) moved++;
      else refused = response;
    }
    expect(moved).toBeGreaterThan(700);
    expect(refused?.status).toBe(400);
    expect(await refused?.json()).toMatchObject({ error: 'invalid_control_request', message: expect.stringContaining('9999-12-31') });
    expect(await generate()).toMatchObject({ status: 200 });
    const set = await post('clock', { set: '9999-12-31T23:59:59Z' });
    expect(await set.json()).toEqual({ now: '9999-12-31T23:59:59.000Z' });
    expect((await post('clock', { advance_ms: 1000 })).status).toBe(400);
    expect((await post('clock', { advance_ms: -1000 })).status).toBe(200);
  });

  it('names the control endpoints in the 404 of an unknown path, only those that work on a shared store', async () => {
    const unknown = await client().app.fetch(new Request(`${BASE}/__siret-mock/x`, { method: 'POST' }), LOOPBACK);
    expect(unknown.status).toBe(404);
    const { message } = (await unknown.json()) as { message: string };
    expect(message).toContain('/api/v1/generate');
    expect(message).toContain(
      'POST /__siret-mock/reset, /__siret-mock/clock, /__siret-mock/usage, /__siret-mock/scenario; GET /__siret-mock/audit',
    );
    expect(listControlPaths(true, 'http://localhost:3000')).toBe('POST http://localhost:3000/__siret-mock/reset');
    const off = await createApp().fetch(new Request(`${BASE}/__siret-mock/x`));
    expect(((await off.json()) as { message: string }).message).not.toContain('__siret-mock');
  });

  it('is a 404 without control, and lists the endpoints under their own tag in a valid OpenAPI document with it', async () => {
    const off = await createApp().fetch(new Request(`${BASE}/__siret-mock/reset`, { method: 'POST' }), LOOPBACK);
    expect(off.status).toBe(404);
    const { app } = client();
    const document = (await (await app.fetch(new Request(`${BASE}/api/v1/openapi.json`))).json()) as {
      paths: Record<string, Record<string, { tags: string[] }>>;
      tags: Array<{ name: string }>;
    };
    expect(document.tags.map((tag) => tag.name)).toContain('control');
    expect(document.paths['/__siret-mock/usage']?.post?.tags).toEqual(['control']);
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    const plain = (await (await createApp().fetch(new Request(`${BASE}/api/v1/openapi.json`))).json()) as { paths: object };
    expect(Object.keys(plain.paths).some((path) => path.startsWith('/__siret-mock'))).toBe(false);
  });

  it('refuses a control token that is too short, or without control', () => {
    expect(() => createApp({ control: true, controlToken: 'short' })).toThrow('controlToken must be at least 8 visible ASCII characters');
    expect(() => createApp({ controlToken: 'long-enough-token' })).toThrow('controlToken needs control: true');
  });
});

describe('drills: delay and failRate', () => {
  it('fails every answer at failRate 1 and none at 0, and delays each answer', async () => {
    const failing = createApp({ failRate: 1 });
    expect((await failing.fetch(new Request(`${BASE}/api/v1/generate`))).status).toBe(500);
    expect((await failing.fetch(new Request(`${BASE}/healthz`))).status).toBe(200);
    const slow = createApp({ delay: [40, 60], failRate: 0 });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let answered = false;
      const answer = slow.fetch(new Request(`${BASE}/api/v1/generate`)).finally(() => (answered = true));
      // A delay drawn from 40 to 60 ms: no answer 39 ms on, an answer by 60.
      await vi.advanceTimersByTimeAsync(39);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(21);
      expect((await answer).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect(() => createApp({ delay: [5, 1] })).toThrow('delay must be whole milliseconds');
    expect(() => createApp({ failRate: 1.5 })).toThrow('failRate must be a number from 0 to 1, got 1.5');
  });

  it('stops waiting when the request is aborted, and counts nothing: a delay or a slow scenario keeps no timer', async () => {
    const consumed: string[] = [];
    const memory = createMemoryQuotaStore();
    const store: QuotaStore = {
      consume: (key, limits, now) => (consumed.push(key), memory.consume(key, limits, now)),
      reset: () => memory.reset(),
    };
    const delayed = createApp({ delay: 600_000, store });
    const { app, post } = client({ store });
    await post('scenario', { name: 'slow', ms: 600_000 });
    for (const target of [delayed, app]) {
      const controller = new AbortController();
      const answer = target.fetch(new Request(`${BASE}/api/v1/generate`, { signal: controller.signal }), LOOPBACK);
      controller.abort();
      expect((await answer).status).toBe(500);
    }
    expect(consumed).toEqual([]);
  });
});
