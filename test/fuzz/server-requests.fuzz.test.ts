import fc from 'fast-check';
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../../src/node/create-server.js';
import { expectContractResponse } from './contract-response.js';
import { fuzzParameters, scaled } from './fuzz-scale.js';
import { fuzzRequestArb, KNOWN_PASS, type FuzzRequest } from './request-arbitraries.js';

// The same generated requests as the fetch-handler fuzz, sent over real HTTP to the server. The server does not go
// through `app.fetch`: its adapter builds a light request of its own (URL from the Host header and target, headers read
// from Node's parser) and calls the handler directly, so this path needs its own proof.

// Refusals the server makes before the handler sees the request (Node's parser, its size limits and timeouts).
const TRANSPORT_CODES = { 400: ['bad_request'], 408: ['request_timeout'], 414: ['uri_too_long'], 431: ['request_header_fields_too_large'] };
// Framing headers would make Node wait for a body that never comes; the raw-socket fuzz covers them.
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'expect', 'upgrade']);

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
let now = Date.UTC(2026, 10, 22, 23, 58);
const servers: Record<'free' | 'lifetime', { server: SiretServer; port: number } | undefined> = { free: undefined, lifetime: undefined };

beforeAll(async () => {
  for (const tier of ['free', 'lifetime'] as const) {
    const server = createSiretServer({ tier, passes: [KNOWN_PASS], demoDir: false, log: () => undefined, clock: { now: () => now }, trustProxy: tier === 'free' ? 1 : 0, limits: { perMinute: 3, perDay: 20 } });
    servers[tier] = { server, port: Number((await server.listen(0, '127.0.0.1')).port) };
  }
});
afterAll(async () => {
  agent.destroy();
  await Promise.all(Object.values(servers).map((entry) => entry?.server.close()));
});

/** Sends a generated request with node:http (which, like any client, percent-encodes the target) and reads the answer. */
function send(port: number, generated: FuzzRequest): Promise<Response> {
  const url = new URL(`http://localhost${generated.path}${generated.query}`);
  const headers = generated.headers.filter(([name]) => !FRAMING.has(name.toLowerCase()));
  // Headers given as pairs get no default Host from node:http; a real client sends one (generated odd ones stay).
  if (!headers.some(([name]) => name.toLowerCase() === 'host')) headers.push(['host', `127.0.0.1:${port}`]);
  // node:http frames a body only for some methods; an OPTIONS body without a length would be read as the next request.
  if (generated.body !== undefined) headers.push(['content-length', String(Buffer.byteLength(generated.body))]);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: generated.method, path: url.pathname + url.search, headers: headers.flat(), agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        const status = res.statusCode ?? 0;
        resolve(new Response(status === 204 || body.length === 0 ? null : body, { status, headers: responseHeaders }));
      });
    });
    req.on('error', reject);
    req.end(generated.body);
  });
}

describe('the server under generated requests over HTTP', () => {
  const runs = scaled(200, 2_000);

  it(`never answers 5xx and every error is contract JSON (${runs * 10} requests through the node adapter)`, async () => {
    let sent = 0;
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('free' as const, 'lifetime' as const), fc.array(fuzzRequestArb, { minLength: 10, maxLength: 10 }), async (tier, requests) => {
        const { port } = servers[tier] as { port: number };
        for (const generated of requests) {
          now += generated.advanceMs;
          const response = await send(port, generated);
          statuses.add(await expectContractResponse(generated, response, { allow5xx: false, transportCodes: TRANSPORT_CODES }));
          sent++;
        }
      }),
      fuzzParameters(runs),
    );
    expect(sent).toBe(runs * 10);
    for (const status of [200, 204, 400, 401, 403, 404, 405, 429]) expect(statuses).toContain(status);
  }, scaled(60_000, 1_200_000));
});
