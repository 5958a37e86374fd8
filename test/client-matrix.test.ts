// The client matrix of docs/api.md, measured: real HTTP clients against the real server in each rate-limit header dialect
// and Retry-After format. Each client meets a 429 with a 2 s wait (the minute used up 58 s before the clients call) with the retry settings a team starts from, and the server's audit says whether it waited. The table in
// docs/api.md must equal what this test measures; `UPDATE_CLIENT_MATRIX=1 npx vitest run test/client-matrix.test.ts`
// rewrites it. Every server and client runs at once: the file takes about one wait.
import { readFileSync, writeFileSync } from 'node:fs';
import axios, { type AxiosError } from 'axios';
import axiosRetry from 'axios-retry';
import fetchRetry from 'fetch-retry';
import got, { HTTPError } from 'got';
import ky from 'ky';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../src/node/index.js';
import type { RateLimitHeaderDialect, RetryAfterFormat } from '../src/http/app/index.js';

const WAIT_S = 2;
const DOC = new URL('../docs/api.md', import.meta.url);
const START = '<!-- client-matrix:start -->';
const END = '<!-- client-matrix:end -->';

const DIALECTS: Array<[RateLimitHeaderDialect, RetryAfterFormat]> = [
  ['draft', 'seconds'],
  ['draft', 'http-date'],
  ['x-ratelimit', 'seconds'],
  ['x-ratelimit', 'http-date'],
  ['both', 'seconds'],
  ['both', 'http-date'],
];

// major.minor of an installed client (read from its folder: some packages do not export ./package.json).
const version = (name: string): string => {
  const { version: full } = JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as {
    version: string;
  };
  return full.split('.').slice(0, 2).join('.');
};

/** Each client as a team sets it up to retry a 429: its name in the table, and one GET that ends with a status. */
const CLIENTS: Array<{ name: string; run: (url: string, caller: string) => Promise<number> }> = [
  {
    name: `ky ${version('ky')}, defaults`,
    run: async (url, caller) =>
      ky.get(url, { headers: { 'x-client': caller } }).then(
        (response) => response.status,
        (error: { response?: Response }) => error.response?.status ?? 0,
      ),
  },
  {
    name: `axios ${version('axios')} + axios-retry ${version('axios-retry')}, defaults`,
    run: async (url, caller) => {
      const client = axios.create({ headers: { 'x-client': caller } });
      axiosRetry(client);
      return client.get(url).then(
        (response) => response.status,
        (error: AxiosError) => error.response?.status ?? 0,
      );
    },
  },
  {
    name: `fetch-retry ${version('fetch-retry')}, \`retryOn: [429]\``,
    run: async (url, caller) => (await fetchRetry(fetch, { retryOn: [429], retries: 3 })(url, { headers: { 'x-client': caller } })).status,
  },
  {
    name: `got ${version('got')} (Node), defaults`,
    run: async (url, caller) =>
      got(url, { headers: { 'x-client': caller } }).then(
        (response) => response.statusCode,
        (error: unknown) => (error instanceof HTTPError ? error.response.statusCode : 0),
      ),
  },
];

let servers: SiretServer[] = [];
const cells = new Map<string, string>();

beforeAll(async () => {
  await Promise.all(
    DIALECTS.map(async ([rateLimitHeaders, retryAfter]) => {
      let offset = 0;
      const server = createSiretServer({
        rateLimitHeaders,
        retryAfter,
        demoDir: false,
        clock: { now: () => Date.now() + offset },
        // One caller per client, so that all four share the server and each has its own quota and audit entries.
        callerOf: (request) => request.headers.get('x-client') ?? 'anonymous',
      });
      servers.push(server);
      const base = await server.listen(0, '127.0.0.1');
      // The minute used up as if 58 s ago: the clock is real time again when the clients call, because an HTTP-date
      // Retry-After is read against the client's own clock.
      offset = -(60_000 - WAIT_S * 1000);
      await server.app.exhaust('minute');
      offset = 0;
      await Promise.all(
        CLIENTS.map(async (client, index) => {
          const caller = `client-${index}`;
          const status = await client.run(new URL('/api/v1/generate?quantity=1', base).href, caller);
          const { requests, violations } = server.app.audit();
          const statuses = requests.filter((request) => request.caller === caller).map((request) => request.status);
          const early = violations.some((violation) => violation.caller === caller);
          const verdict = early ? 'no' : 'yes';
          // The statuses the server answered; a final status the client saw that differs would be a bug of this test.
          expect(statuses.at(-1)).toBe(status);
          cells.set(`${index} ${rateLimitHeaders} ${retryAfter}`, `${verdict} (${statuses.join(', ')})`);
        }),
      );
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

function table(): string {
  const header = ['client', ...DIALECTS.map(([headers, retryAfter]) => `${headers}, ${retryAfter}`)];
  const rows = CLIENTS.map((client, index) => [
    client.name,
    ...DIALECTS.map(([headers, retryAfter]) => cells.get(`${index} ${headers} ${retryAfter}`) ?? '?'),
  ]);
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

it('docs/api.md shows the client matrix this test measures', () => {
  const measured = table();
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  expect(start, `docs/api.md needs ${START} ... ${END}`).toBeGreaterThan(-1);
  const documented = text.slice(start + START.length, end).trim();
  if (process.env.UPDATE_CLIENT_MATRIX === '1' && documented !== measured) {
    writeFileSync(DOC, `${text.slice(0, start + START.length)}\n${measured}\n${text.slice(end)}`);
    return;
  }
  expect(documented).toBe(measured);
});
