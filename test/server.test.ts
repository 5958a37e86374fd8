import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryQuotaStore, type QuotaStore } from '../src/core/quota/index.js';
import { createSiretServer, type SiretServer, type SiretServerOptions } from '../src/node/index.js';
import type { AccessLogEntry } from '../src/node/index.js';
import { freePort } from './services/redis-process.js';
import { rawRequest } from './services/raw-http.js';

const running: SiretServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: SiretServerOptions = {}, host = '127.0.0.1'): Promise<{ server: SiretServer; url: URL; port: number }> {
  const server = createSiretServer({ demoDir: false, log: () => undefined, ...options });
  running.push(server);
  const url = await server.listen(0, host);
  return { server, url, port: Number(url.port) };
}

const generate = (url: URL, init?: RequestInit): Promise<Response> => fetch(new URL('/api/v1/generate', url), init);

describe('size limits', () => {
  it('answers 414 with a JSON body for a URL over 8 KiB, whether or not it also overflows the header limit', async () => {
    const { port } = await start();
    for (const length of [9_000, 40_000]) {
      const reply = await rawRequest(port, `GET /api/v1/generate?x=${'a'.repeat(length)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(reply.status).toBe(414);
      expect(reply.headers['content-type']).toBe('application/json');
      expect(JSON.parse(reply.body)).toMatchObject({ error: 'uri_too_long', max_length: 8192 });
    }
  });

  it('answers 431 with a JSON body for headers over 16 KiB', async () => {
    const { port, url } = await start();
    const reply = await rawRequest(port, `GET /api/v1/generate HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toMatchObject({ error: 'request_header_fields_too_large' });
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
  });
});

describe('slow clients', () => {
  it('answers 408 with a JSON body when the headers do not arrive within headersTimeout', async () => {
    const { port } = await start({ node: { headersTimeout: 300, requestTimeout: 600 } });
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /api/v1/generate HTTP/1.1\r\nHost: x\r\n');
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('"error":"request_timeout"');
  });
});

describe('malformed requests', () => {
  const malformed: Array<[string, string | Buffer]> = [
    ['garbage request line', 'GARBAGE\r\n\r\n'],
    ['binary noise', Buffer.from([0, 1, 2, 3, 255, 254, 13, 10, 13, 10])],
    ['unknown HTTP version', 'GET /api/v1/generate HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['header without a colon', 'GET /api/v1/generate HTTP/1.1\r\nHost x\r\n\r\n'],
    ['non-numeric Content-Length', 'GET /api/v1/generate HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    ['two different Content-Lengths', 'POST /api/v1/generate HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'],
    ['bad chunk size', 'POST /api/v1/generate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n'],
    ['control character in a header value', 'GET /api/v1/generate HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n'],
    ['unterminated request', 'GET /api/v1/gen'],
  ];

  it.each(malformed)('answers a %s with a 4xx JSON error or a closed connection, and keeps serving', async (_name, bytes) => {
    const { port, url } = await start();
    const reply = await rawRequest(port, bytes);
    if (reply.status !== 0) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(JSON.parse(reply.body)).toHaveProperty('error');
    }
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
  });

  it('answers requests the fetch API cannot represent (odd Host, absolute-form, TRACE, percent junk) without a 5xx', async () => {
    const { port } = await start();
    const requests = [
      'GET /api/v1/generate HTTP/1.1\r\nHost: exa mple\r\n\r\n',
      'GET /api/v1/generate HTTP/1.1\r\nHost: [::1\r\n\r\n',
      'GET /api/v1/generate HTTP/1.1\r\n\r\n',
      'GET http://other.example/api/v1/generate?quantity=2 HTTP/1.1\r\nHost: x\r\n\r\n',
      'TRACE /api/v1/generate HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/v1/generate?quantity=%ZZ%00 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET //api/v1/generate HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/v1/generate HTTP/1.1\r\nHost: x\r\nX-\u00e9: caf\u00e9\r\n\r\n',
    ];
    const statuses = [];
    for (const request of requests) {
      const reply = await rawRequest(port, `${request.slice(0, -2)}Connection: close\r\n\r\n`);
      expect(reply.status, request).toBeGreaterThanOrEqual(200);
      expect(reply.status, request).toBeLessThan(500);
      expect(() => JSON.parse(reply.body), request).not.toThrow();
      statuses.push(reply.status);
    }
    expect(statuses[2]).toBe(400);
    expect(statuses[3]).toBe(200);
    expect(statuses[4]).toBe(405);
    expect(statuses[6]).toBe(404);
  });
});

describe('caller identity', () => {
  const callsUntil429 = async (url: URL, headersOf: (i: number) => Record<string, string>): Promise<number[]> => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await generate(url, { headers: headersOf(i) })).status);
    return statuses;
  };

  it('ignores a spoofed X-Forwarded-For without trustProxy: rotating it does not escape the limit', async () => {
    const { url } = await start();
    const statuses = await callsUntil429(url, (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('with trustProxy 1, counts the address the proxy appended (the rightmost), not what the client wrote', async () => {
    const { url } = await start({ trustProxy: 1 });
    const rotating = await callsUntil429(url, (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
    expect(rotating).toEqual(Array(11).fill(200));
    const spoofedLeft = await callsUntil429(url, (i) => ({ 'x-forwarded-for': `10.9.9.${i}, 203.0.113.5` }));
    expect(spoofedLeft[10]).toBe(429);
  });

  it('groups IPv6 callers by /56 and counts IPv4-mapped IPv6 as the IPv4 address', async () => {
    const log: AccessLogEntry[] = [];
    const { url } = await start({ trustProxy: 1, onAccess: (entry) => log.push(entry) });
    const sameSlash56 = await callsUntil429(url, (i) => ({
      'x-forwarded-for': `2001:db8:1:1${i.toString(16).padStart(2, '0')}::${i + 1}`,
    }));
    expect(sameSlash56.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(sameSlash56[10]).toBe(429);
    expect((await generate(url, { headers: { 'x-forwarded-for': '2001:db8:1:200::1' } })).status).toBe(200);

    for (let i = 0; i < 5; i++) await generate(url, { headers: { 'x-forwarded-for': '192.0.2.44' } });
    for (let i = 0; i < 5; i++) await generate(url, { headers: { 'x-forwarded-for': '::ffff:192.0.2.44' } });
    expect((await generate(url, { headers: { 'x-forwarded-for': '::ffff:c000:22c' } })).status).toBe(429);
    expect(log.filter((entry) => entry.caller === '2001:db8:1:100::/56')).toHaveLength(11);
  });

  it('keys a dual-stack socket connection from 127.0.0.1 as 127.0.0.1 and one from ::1 by its /56', async () => {
    const log: AccessLogEntry[] = [];
    const { port } = await start({ onAccess: (entry) => log.push(entry) }, '::');
    await fetch(`http://127.0.0.1:${port}/healthz`);
    await fetch(`http://[::1]:${port}/healthz`);
    await expect.poll(() => log.map((entry) => entry.caller)).toEqual(['127.0.0.1', '::/56']);
  });
});

describe('responses', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const { url } = await start({ tier: 'lifetime' });
    const get = await fetch(new URL('/api/v1/generate?seed=7', url));
    const head = await fetch(new URL('/api/v1/generate?seed=7', url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await head.text()).toBe('');
    expect((await get.json()).count).toBe(5);
  });

  it('streams a large CSV body intact', async () => {
    const { url } = await start({ tier: 'lifetime' });
    const response = await fetch(new URL('/api/v1/generate?format=csv&quantity=100&seed=3', url));
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(101);
  });
});

describe('the built demo', () => {
  it('is served at / with its assets when the folder exists, never outside it, and the API still answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'siret-demo-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>demo</title>');
      writeFileSync(join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
      const { server, url, port } = await start({ demoDir: dir });
      expect(server.servesDemo).toBe(true);
      const index = await fetch(url);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await index.text()).toContain('<title>demo</title>');
      const asset = await fetch(new URL('/assets/app-abc.js', url));
      expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      // Demo files are looked up with file-system I/O: the requests keep their write side open (see rawRequest).
      const escape = await rawRequest(port, 'GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', { halfClose: false });
      const encoded = await rawRequest(port, 'GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', {
        halfClose: false,
      });
      for (const reply of [escape, encoded]) {
        expect(reply.status).toBe(404);
        expect(JSON.parse(reply.body)).toMatchObject({ error: 'not_found' });
      }
      expect((await generate(url)).status).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without a built demo, / is the 404 JSON that names the API paths', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'siret-nodemo-'));
    try {
      const { server, url } = await start({ demoDir: dir });
      expect(server.servesDemo).toBe(false);
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect((await response.json()).message).toContain('/api/v1/generate');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('graceful close', () => {
  it('stops accepting, lets an in-flight request finish, then closes the quota store', async () => {
    const memory = createMemoryQuotaStore();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    let storeClosed = false;
    const slowStore: QuotaStore = {
      async consume(key, limits, now) {
        entered();
        await gate;
        return memory.consume(key, limits, now);
      },
      reset: () => memory.reset(),
      close: () => {
        storeClosed = true;
      },
    };
    const { server, url, port } = await start({ store: slowStore });
    const pending = generate(url);
    await inFlight;
    const closed = server.close();
    await expect(fetch(new URL('/healthz', url))).rejects.toThrow();
    expect(storeClosed).toBe(false);
    release();
    const response = await pending;
    expect(response.status).toBe(200);
    expect((await response.json()).count).toBe(5);
    await closed;
    expect(storeClosed).toBe(true);
    expect(server.server.listening).toBe(false);
    await expect(rawRequest(port, 'GET /healthz HTTP/1.1\r\n\r\n', { timeoutMs: 1000 })).resolves.toMatchObject({ status: 0 });
  });
});

describe('an unreachable Redis', () => {
  it('fails closed by default: 503 quota_store_unavailable with Retry-After 1, nothing queued', async () => {
    const port = await freePort();
    const { url } = await start({ redis: `redis://127.0.0.1:${port}` });
    const responses = await Promise.all(Array.from({ length: 5 }, () => generate(url)));
    for (const response of responses) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toMatchObject({ error: 'quota_store_unavailable', retry_after: 1 });
    }
    expect((await generate(url, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('fails open with --quota-store-failure open, logging the outage once rather than per request', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const { url } = await start({ redis: `redis://127.0.0.1:${port}`, quotaStoreFailure: 'open', log: (line) => lines.push(line) });
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await generate(url)).status);
    expect(statuses).toEqual(Array(12).fill(200));
    const outageLines = lines.filter((line) => line.includes('admitting requests'));
    expect(outageLines).toHaveLength(1);
  });
});
