import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { createApp } from './create-app.js';
import type { AppOptions, RequestContext } from './app-options.js';

const BASE = 'http://localhost';
const LOOPBACK: RequestContext = { clientAddress: '127.0.0.1' };
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

  it('answers loopback callers only, with the contract error for others', async () => {
    for (const clientAddress of ['127.0.0.1', '127.8.9.1', '::1', '::/56']) {
      expect((await client({}, { clientAddress }).post('reset')).status).toBe(200);
    }
    for (const context of [{ clientAddress: '192.0.2.7' }, { clientAddress: '2001:db8::/56' }, {}]) {
      const refused = await client({}, context).post('reset');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'control_forbidden' });
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('with a token, needs Authorization: Bearer <token> from every caller, loopback included', async () => {
    const remote = client({ controlToken: 's3cret-token' }, { clientAddress: '192.0.2.7' });
    expect((await remote.post('reset', undefined, { authorization: 'Bearer s3cret-token' })).status).toBe(200);
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
    ['usage', { minute: 11 }, 'minute must be a whole number from 0 to 10 (limits.perMinute), got 11'],
    ['usage', { hour: 1 }, 'unknown field "hour"'],
    ['scenario', { name: 'explode' }, '"name" has an invalid value "explode"'],
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

  it('answers other methods with 405 and Allow, and preflights with the methods it takes', async () => {
    const { app } = client();
    const get = await app.fetch(new Request(`${BASE}/__siret-mock/reset`), LOOPBACK);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const preflight = await app.fetch(new Request(`${BASE}/__siret-mock/usage`, { method: 'OPTIONS' }), LOOPBACK);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
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
    const started = performance.now();
    expect((await slow.fetch(new Request(`${BASE}/api/v1/generate`))).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    expect(() => createApp({ delay: [5, 1] })).toThrow('delay must be whole milliseconds');
    expect(() => createApp({ failRate: 1.5 })).toThrow('failRate must be a number from 0 to 1, got 1.5');
  });
});
