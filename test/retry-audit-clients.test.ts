// siret.audit() against real HTTP clients, as a team would use it: each client meets a 429 whose Retry-After is 2 s (the
// minute window used up with exhaust('minute'), then the clock moved to 2 s before its end) and does what it does.
// Clients that wait it out leave no violation; those that retry early are named. Each client has its own handler set
// (its own base URL) and runs alone on Vitest's fake clock (test/support/fake-clock.ts): its waits pass at once, and each
// request reaches the handlers at the time the client sent it.
import axios, { type AxiosError } from 'axios';
import axiosRetry from 'axios-retry';
import fetchRetry from 'fetch-retry';
import ky from 'ky';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandlers, type SiretMockHandlers } from '../mocks/index.js';
import { RETRY_STORM_THRESHOLD } from '../src/core/quota/index.js';
import { clockDriver, useFakeClock } from './support/fake-clock.js';

const WAIT_S = 2;
const CLIENTS = ['ky', 'axios-retry', 'axios-retry-fixed-delay', 'fetch-retry', 'fetch-retry-default-delay', 'naive-loop'] as const;
type Client = (typeof CLIENTS)[number];

const mocks = new Map<Client, SiretMockHandlers>(
  CLIENTS.map((client) => [client, createHandlers({ baseUrl: `https://${client}.example.test` })]),
);
const server = setupServer(...[...mocks.values()].flatMap((mock) => mock.handlers));
const urlOf = (client: Client): string => `https://${client}.example.test/api/v1/generate?quantity=1`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Each client's run: the status it ended with, once the 429 is in front of it. */
const runs: Record<Client, () => Promise<number>> = {
  ky: async () => (await ky.get(urlOf('ky'), { retry: { limit: 2 } })).status,
  'axios-retry': async () => {
    const client = axios.create();
    axiosRetry(client); // the defaults: 3 retries, delay from Retry-After
    return (await client.get(urlOf('axios-retry'))).status;
  },
  // A common copy-paste: a delay from the retry count alone, ignoring the error (and so Retry-After).
  'axios-retry-fixed-delay': async () => {
    const client = axios.create();
    axiosRetry(client, { retries: 3, retryDelay: (count) => count * 100 });
    return client.get(urlOf('axios-retry-fixed-delay')).then(
      (response) => response.status,
      (error: AxiosError) => error.response?.status ?? 0,
    );
  },
  'fetch-retry': async () => {
    const retrying = fetchRetry(fetch, {
      retryOn: [429],
      retries: 3,
      retryDelay: (_attempt, _error, response) => Number(response?.headers.get('retry-after') ?? 1) * 1000,
    });
    return (await retrying(urlOf('fetch-retry'))).status;
  },
  // retryOn 429 with fetch-retry's default delay: 1 s, whatever the server asked for.
  'fetch-retry-default-delay': async () =>
    (await fetchRetry(fetch, { retryOn: [429], retries: 3 })(urlOf('fetch-retry-default-delay'))).status,
  'naive-loop': async () => {
    let response = await fetch(urlOf('naive-loop'));
    for (let attempt = 0; response.status === 429 && attempt < 30; attempt++) {
      await sleep(100);
      response = await fetch(urlOf('naive-loop'));
    }
    return response.status;
  },
};

const results = new Map<Client, { status: number; audit: ReturnType<SiretMockHandlers['audit']> }>();

const settle = clockDriver(server);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  useFakeClock();
  for (const client of CLIENTS) {
    const mock = mocks.get(client)!;
    mock.exhaust('minute');
    mock.clock.advance(60_000 - WAIT_S * 1000);
    const status = await settle(runs[client]());
    results.set(client, { status, audit: mock.audit() });
  }
});
afterAll(() => {
  vi.useRealTimers();
  server.close();
});

const kinds = (client: Client): string[] => results.get(client)!.audit.violations.map((violation) => violation.kind);

describe('siret.audit() with real clients', () => {
  it.each(['ky', 'axios-retry', 'fetch-retry'] as const)('%s, honouring Retry-After: one 429, one 200, no violation', (client) => {
    const { status, audit } = results.get(client)!;
    expect(status).toBe(200);
    expect(audit.violations).toEqual([]);
    expect(audit.requests.map((request) => request.status)).toEqual([429, 200]);
    const [limited, retried] = audit.requests;
    expect(retried!.at - limited!.at).toBe(WAIT_S * 1000);
    expect(retried!.at).toBeGreaterThanOrEqual(limited!.retryAt!);
  });

  it('axios-retry with a retryDelay that ignores the error: every retry is early, and it gives up on the 429', () => {
    const { status, audit } = results.get('axios-retry-fixed-delay')!;
    expect(status).toBe(429);
    expect(kinds('axios-retry-fixed-delay')).toEqual(['early-retry', 'early-retry', 'early-retry']);
    expect(audit.requests.map((request) => request.status)).toEqual([429, 429, 429, 429]);
    expect(audit.violations[0]).toMatchObject({ caller: 'anonymous', rateLimitedAt: audit.requests[0]!.at });
    expect(audit.violations[0]!.message).toMatch(/^anonymous sent a request 0\.1\d* s after a 429 that asked it to wait \d(\.\d+)? s/);
  });

  it("fetch-retry's default 1 s delay under a 2 s Retry-After: one early retry, then a 200", () => {
    const { status, audit } = results.get('fetch-retry-default-delay')!;
    expect(status).toBe(200);
    expect(kinds('fetch-retry-default-delay')).toEqual(['early-retry']);
    expect(audit.requests.map((request) => request.status)).toEqual([429, 429, 200]);
  });

  it('a naive loop retrying every 100 ms: an early retry per request and one retry storm', () => {
    const { status, audit } = results.get('naive-loop')!;
    expect(status).toBe(200);
    const early = kinds('naive-loop').filter((kind) => kind === 'early-retry').length;
    expect(early).toBeGreaterThan(RETRY_STORM_THRESHOLD);
    // Every request after the first came early: the 429s, and the final 200 too, which came once the window had reset but
    // before the whole second the 429 before it asked for.
    expect(early).toBe(audit.requests.length - 1);
    expect(audit.requests.map((request) => request.status)).toEqual([...Array<number>(20).fill(429), 200]);
    const storms = audit.violations.filter((violation) => violation.kind === 'retry-storm');
    expect(storms).toHaveLength(1);
    expect(storms[0]!.requestsAt).toHaveLength(early);
  });
});
