// Quota states as a frontend test suite sets them: createHandlers({ usage }), setUsage(), exhaust(), under setupServer.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../mocks/index.js';
import { createApp } from '../src/http/index.js';

const BASE = 'https://states.example.test';
const API = `${BASE}/api/v1/generate`;
const siret = createHandlers({ baseUrl: BASE, usage: { minute: 7, day: 93 } });
const server = setupServer(...siret.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => siret.reset());
afterAll(() => server.close());

interface Answer {
  status: number;
  minute: number | undefined;
  day: number | undefined;
  message: string | undefined;
  retryAfter: string | null;
}

async function call(url = API): Promise<Answer> {
  const response = await fetch(url);
  const body = (await response.json()) as {
    meta?: { rate_limit_remaining_minute: number; rate_limit_remaining_day: number };
    message?: string;
  };
  return {
    status: response.status,
    minute: body.meta?.rate_limit_remaining_minute,
    day: body.meta?.rate_limit_remaining_day,
    message: body.message,
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('createHandlers({ usage })', () => {
  it('opens on 3 requests left this minute and 7 today: the first call reports 2 and 6 left', async () => {
    expect(await call()).toMatchObject({ status: 200, minute: 2, day: 6 });
    expect(await call()).toMatchObject({ status: 200, minute: 1, day: 5 });
    expect(await call()).toMatchObject({ status: 200, minute: 0, day: 4 });
    expect(await call()).toMatchObject({ status: 429, message: 'Too many requests. Limit: 10 per minute.', retryAfter: '60' });
  });

  it('opens the minute window at the first request, however long after the handlers were made', async () => {
    siret.clock.advance(3_600_000);
    expect(await call()).toMatchObject({ status: 200, minute: 2 });
  });

  it('comes back after reset()', async () => {
    await call();
    await call();
    siret.reset();
    expect(await call()).toMatchObject({ status: 200, minute: 2, day: 6 });
  });

  it('is a 429 with the day message from the first call when the day is used up', async () => {
    const dayUsedUp = createHandlers({ usage: { day: 100 } });
    const response = await dayUsedUp.fetch(new Request(API));
    const body = (await response.json()) as { message: string; retry_after: number };
    expect(response.status).toBe(429);
    expect(body.message).toBe('Too many requests. Limit: 100 per day.');
    expect(response.headers.get('retry-after')).toBe(String(body.retry_after));
  });

  it.each([
    [{ minute: 11 }, 'usage.minute must be a whole number from 0 to 10 (limits.perMinute), got 11'],
    [{ day: 101 }, 'usage.day must be a whole number from 0 to 100 (limits.perDay), got 101'],
    [{ minute: -1 }, 'usage.minute must be a whole number from 0 to 10 (limits.perMinute), got -1'],
    [{ minute: 5, day: 2 }, 'usage.day must be at least usage.minute'],
  ])('refuses usage %j at creation, naming the option', (usage, message) => {
    expect(() => createHandlers({ usage })).toThrow(message);
    expect(() => createApp({ usage })).toThrow(message);
  });

  it('follows configured limits', async () => {
    expect(() => createHandlers({ limits: { perMinute: 3 }, usage: { minute: 4 } })).toThrow('from 0 to 3 (limits.perMinute)');
    const small = createHandlers({ limits: { perMinute: 3 }, usage: { minute: 2 } });
    expect((await small.fetch(new Request(API))).status).toBe(200);
    expect((await small.fetch(new Request(API))).status).toBe(429);
  });
});

describe('siret.setUsage() and siret.exhaust()', () => {
  it('setUsage changes the state at any time; an omitted count keeps its value', async () => {
    await call(); // 8 counted this minute, 94 today
    siret.setUsage({ day: 50 });
    expect(await call()).toMatchObject({ minute: 1, day: 49 });
    siret.setUsage({ minute: 0 });
    expect(await call()).toMatchObject({ minute: 9, day: 48 });
  });

  it("exhaust('minute') gives 429s until the minute window ends, then the day goes on", async () => {
    siret.exhaust('minute');
    expect(await call()).toMatchObject({ status: 429, retryAfter: '60' });
    siret.clock.advance(30_000);
    expect(await call()).toMatchObject({ status: 429, retryAfter: '30' });
    siret.clock.advance(30_000);
    expect(await call()).toMatchObject({ status: 200, minute: 9, day: 6 });
  });

  it("exhaust('day') gives the day's 429 until 00:00 UTC", async () => {
    siret.clock.set(Date.UTC(2026, 10, 22, 23, 0, 0));
    siret.exhaust('day');
    expect(await call()).toMatchObject({ status: 429, message: 'Too many requests. Limit: 100 per day.', retryAfter: '3600' });
    siret.clock.set(Date.UTC(2026, 10, 23, 0, 0, 0));
    expect(await call()).toMatchObject({ status: 200, minute: 9, day: 99 });
  });

  it('refuses a value outside the limits with the option error, and an unknown window', () => {
    expect(() => siret.setUsage({ minute: 12 })).toThrow('setUsage.minute must be a whole number from 0 to 10 (limits.perMinute), got 12');
    expect(() => siret.exhaust('hour' as never)).toThrow("exhaust takes 'minute' or 'day', got hour");
  });

  it('works on createApp too, and needs a store that can set usage', async () => {
    const app = createApp({ usage: { minute: 9 } });
    expect((await app.fetch(new Request(API))).headers.get('ratelimit')).toMatch(/^"minute";r=0;t=60, "day";r=90;t=\d+$/);
    await app.exhaust('day');
    expect((await app.fetch(new Request(API))).status).toBe(429);
    await app.reset();
    expect((await app.fetch(new Request(API))).headers.get('ratelimit')).toMatch(/^"minute";r=0;/);
    const noUsage = { consume: () => ({ allowed: true }) as never, reset: () => undefined };
    expect(() => createApp({ store: noUsage, usage: { minute: 1 } })).toThrow('usage needs a quota store with setUsage');
    expect(() => createApp({ store: noUsage }).setUsage({ minute: 1 })).toThrow('setUsage needs a quota store with setUsage');
  });
});

describe('siret.audit() and the lifetime pass', () => {
  it('leaves requests on the pass out: they are not rate limited, so never an early retry', async () => {
    const passed = createHandlers({ baseUrl: BASE, passes: ['states-pass'] });
    const answer = (headers: Record<string, string> = {}) =>
      passed.fetch(new Request(`${API}?format=csv`, { headers })).then((r) => r.status);
    passed.exhaust('minute');
    expect(await answer({ accept: 'application/json' })).toBe(429);
    expect(await answer({ authorization: 'Bearer states-pass' })).toBe(200);
    expect(passed.audit()).toMatchObject({ requests: [{ status: 429 }], violations: [] });
    expect(await answer({ authorization: 'Bearer someone-else' })).toBe(401);
    expect(passed.audit().violations).toMatchObject([{ kind: 'early-retry' }]);
  });
});

describe('createHandlers({ persist }) outside a browser', () => {
  it('says where it works when the runtime has no web storage, and works where it has one', () => {
    const hasStorage = typeof (globalThis as { sessionStorage?: Storage }).sessionStorage?.getItem === 'function';
    const make = () => createHandlers({ persist: 'session' });
    if (hasStorage) expect(make().handlers).toHaveLength(2);
    else expect(make).toThrow("persist: 'session' needs sessionStorage (a browser page, or jsdom); leave it out in Node tests");
  });
});
