// docs/msw.md, "ky and axios: cap Retry-After": the retry policies shown there, against the handlers. A 429 for the minute
// (Retry-After of a second or so) is retried after Retry-After; the day-limit 429 (Retry-After up to 86,400 s) is not
// waited for: the call fails at once with the 429, instead of hanging until midnight UTC. The clients wait on Vitest's
// fake clock (test/support/fake-clock.ts), which the handlers' clock follows.
import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import ky, { HTTPError } from 'ky';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers, scenarios } from '../mocks/index.js';
import { clockDriver, useFakeClock } from './support/fake-clock.js';

// --- recipe: ky ---
/** The longest Retry-After worth waiting for, in seconds; beyond it the call fails with the 429 at once. */
const MAX_RETRY_AFTER_S = 2;

const api = ky.create({
  retry: {
    limit: 2,
    // Caps the wait (ky 1.14 waits min(Retry-After, maxRetryAfter))...
    maxRetryAfter: MAX_RETRY_AFTER_S * 1000,
    // ...and skips the retry when the server asks for longer (the day limit): it would only get the same 429 again.
    shouldRetry: ({ error }) =>
      error instanceof HTTPError && Number(error.response.headers.get('retry-after')) > MAX_RETRY_AFTER_S ? false : undefined,
  },
});
// --- end recipe: ky ---

// --- recipe: axios ---
/** Retries a 429 or 503 once Retry-After has passed, when it is at most `maxRetryAfterS`; otherwise rejects at once. */
function retryAfterCapped(instance: AxiosInstance, { maxRetryAfterS, limit }: { maxRetryAfterS: number; limit: number }): AxiosInstance {
  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || error.config === undefined || error.response === undefined) throw error;
    if (error.response.status !== 429 && error.response.status !== 503) throw error;
    const config = error.config as InternalAxiosRequestConfig & { retried?: number };
    const seconds = Number(error.response.headers['retry-after']);
    if (!Number.isFinite(seconds) || seconds > maxRetryAfterS || (config.retried ?? 0) >= limit) throw error;
    config.retried = (config.retried ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return instance.request(config);
  });
  return instance;
}
const client = retryAfterCapped(axios.create(), { maxRetryAfterS: MAX_RETRY_AFTER_S, limit: 2 });
// --- end recipe: axios ---

const siret = createHandlers({ limits: { perDay: 3 } });
const server = setupServer(...siret.handlers);
let requests = 0;
server.events.on('request:start', () => void requests++);

const settle = clockDriver(server);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useFakeClock());
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  siret.reset();
  requests = 0;
});
afterAll(() => server.close());

const URL = 'https://api.example.test/api/v1/generate?quantity=2';
const DAY_MESSAGE = 'Too many requests. Limit: 3 per day.';

/** Spends the day's quota (3 calls), then the next call is the day-limit 429 with Retry-After = seconds to 00:00 UTC. */
async function spendTheDay(): Promise<void> {
  siret.clock.set(Date.UTC(2030, 0, 1, 12)); // noon UTC: the day limit says 43,200 s
  for (let i = 0; i < 3; i++) expect((await fetch(URL)).status).toBe(200);
  requests = 0;
}

describe('ky 1.14 with maxRetryAfter and shouldRetry', () => {
  it('waits out a short Retry-After and retries', async () => {
    server.use(scenarios.rateLimited({ retryAfter: 1 }));
    const started = Date.now();
    const body = await settle(api.get(URL).json<{ count: number }>());
    expect(body.count).toBe(2);
    expect(requests).toBe(2);
    expect(Date.now() - started).toBe(1_000);
  });

  it('fails at once on the day-limit 429 instead of waiting until midnight', async () => {
    await spendTheDay();
    const started = Date.now();
    const error = (await settle(
      api
        .get(URL)
        .json()
        .catch((caught: unknown) => caught),
    )) as HTTPError;
    expect(error).toBeInstanceOf(HTTPError);
    expect(error.response.status).toBe(429);
    expect(error.response.headers.get('retry-after')).toBe('43200');
    expect(await error.response.json()).toMatchObject({ error: 'rate_limit_exceeded', message: DAY_MESSAGE });
    expect(requests).toBe(1);
    // Failed without waiting: the clock did not move.
    expect(Date.now()).toBe(started);
  });
});

describe('axios with a Retry-After interceptor', () => {
  it('waits out a short Retry-After and retries', async () => {
    server.use(scenarios.rateLimited({ retryAfter: 1 }));
    const started = Date.now();
    const response = await settle(client.get<{ count: number }>(URL));
    expect(response.data.count).toBe(2);
    expect(requests).toBe(2);
    expect(Date.now() - started).toBe(1_000);
  });

  it('fails at once on the day-limit 429 instead of waiting until midnight', async () => {
    await spendTheDay();
    const started = Date.now();
    const error: unknown = await settle(client.get(URL).catch((caught: unknown) => caught));
    expect(axios.isAxiosError(error)).toBe(true);
    if (!axios.isAxiosError(error)) return;
    expect(error.response?.status).toBe(429);
    expect(error.response?.headers['retry-after']).toBe('43200');
    expect(error.response?.data).toMatchObject({ error: 'rate_limit_exceeded', message: DAY_MESSAGE });
    expect(requests).toBe(1);
    expect(Date.now()).toBe(started);
  });
});
