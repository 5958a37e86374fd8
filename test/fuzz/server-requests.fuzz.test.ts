import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../../src/node/server/index.js';
import { expectContractResponse, STACK_FRAME } from './contract-response.js';
import { fuzzParameters, scaled } from './fuzz-scale.js';
import { demoTargetArb, fuzzRequestArb, KNOWN_PASS, type FuzzRequest } from './request-arbitraries.js';

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
    const server = createSiretServer({
      tier,
      passes: [KNOWN_PASS],
      demoDir: false,
      log: () => undefined,
      clock: { now: () => now },
      trustProxy: tier === 'free' ? 1 : 0,
      limits: { perMinute: 3, perDay: 20 },
    });
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
    const req = httpRequest(
      { host: '127.0.0.1', port, method: generated.method, path: url.pathname + url.search, headers: headers.flat(), agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          const status = res.statusCode ?? 0;
          resolve(new Response(status === 204 || body.length === 0 ? null : body, { status, headers: responseHeaders }));
        });
      },
    );
    req.on('error', reject);
    req.end(generated.body);
  });
}

describe('the server under generated requests over HTTP', () => {
  const runs = scaled(200, 2_000);

  it(
    `never answers 5xx and every error is contract JSON (${runs * 10} requests through the node adapter)`,
    async () => {
      let sent = 0;
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('free' as const, 'lifetime' as const),
          fc.array(fuzzRequestArb, { minLength: 10, maxLength: 10 }),
          async (tier, requests) => {
            const { port } = servers[tier] as { port: number };
            for (const generated of requests) {
              now += generated.advanceMs;
              const response = await send(port, generated);
              statuses.add(await expectContractResponse(generated, response, { allow5xx: false, transportCodes: TRANSPORT_CODES }));
              sent++;
            }
          },
        ),
        fuzzParameters(runs),
      );
      expect(sent).toBe(runs * 10);
      for (const status of [200, 204, 400, 401, 403, 404, 405, 429]) expect(statuses).toContain(status);
    },
    scaled(60_000, 1_200_000),
  );
});

// The demo's file server, in the default configuration (the built demo in dist/demo): path-shaped targets sent raw, so no
// client normalises them. Every answer is one of the demo's own files or a JSON error; /healthz answers after every batch.
const DEMO = new URL('../../dist/demo/', import.meta.url);
const DEMO_FILES = ['/index.html', ...readdirSync(new URL('assets/', DEMO)).map((name) => `/assets/${name}`)];
const DEMO_BYTES = new Set(DEMO_FILES.map((file) => readFileSync(new URL(`.${file}`, DEMO)).toString('latin1')));

/** One exchange on a fresh connection that is not half-closed: the whole reply, read until the server closes. */
function exchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request, 'latin1'));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 10 s to ${JSON.stringify(request.slice(0, 120))}`));
    }, 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      const split = raw.indexOf('\r\n\r\n');
      const headers = raw.slice(0, split).toLowerCase();
      const body = raw.slice(split + 4);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(raw)?.[1] ?? 0),
        headers,
        body: headers.includes('transfer-encoding: chunked') ? unchunk(body) : body,
      });
    });
  });
}

function unchunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    const size = lineEnd === -1 ? 0 : parseInt(text.slice(at, lineEnd), 16);
    if (!size) return out;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

describe('the demo file server under generated path-shaped targets', () => {
  const runs = scaled(40, 400);
  let demo: SiretServer | undefined;
  afterAll(async () => {
    await demo?.close();
  });

  it(
    `answers a demo file or a JSON error to each, and /healthz after every batch (${runs * 20} requests)`,
    async () => {
      demo = createSiretServer({ log: () => undefined, node: { keepAliveTimeout: 1_000 } });
      expect(demo.servesDemo).toBe(true);
      const port = Number((await demo.listen(0, '127.0.0.1')).port);
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom('GET', 'HEAD'), demoTargetArb(DEMO_FILES)), { minLength: 20, maxLength: 20 }),
          async (batch) => {
            const replies = await Promise.all(
              batch.map(([method, target]) =>
                exchange(port, `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
              ),
            );
            for (const [i, reply] of replies.entries()) {
              const [method, target] = batch[i] as [string, string];
              statuses.add(reply.status);
              expect(reply.body, target).not.toMatch(STACK_FRAME);
              expect(reply.body, target).not.toMatch(/\/(?:work|home|root|etc|proc)\/|node_modules/);
              if (reply.status === 200) {
                if (method === 'GET') expect(DEMO_BYTES.has(reply.body), target).toBe(true);
              } else {
                expect([400, 404, 414], target).toContain(reply.status);
                expect(reply.headers, target).toContain('content-type: application/json');
                if (method === 'GET') expect(JSON.parse(reply.body), target).toHaveProperty('error');
              }
            }
            const health = await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
            expect(health.status).toBe(200);
          },
        ),
        fuzzParameters(runs),
      );
      for (const status of [200, 404, 414]) expect(statuses).toContain(status);
    },
    scaled(60_000, 1_200_000),
  );
});
