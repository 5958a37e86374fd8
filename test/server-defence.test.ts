import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryQuotaStore, type QuotaStore } from '../src/core/quota-store.js';
import { createSiretServer, type SiretServer, type SiretServerOptions } from '../src/node/create-server.js';
import { rawRequest } from './services/raw-http.js';
import { startServerProcess, type ServerProcess } from './services/server-process.js';

const running: SiretServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: SiretServerOptions = {}): Promise<{ server: SiretServer; url: URL; port: number }> {
  const server = createSiretServer({ demoDir: false, log: () => undefined, ...options });
  running.push(server);
  const url = await server.listen(0, '127.0.0.1');
  return { server, url, port: Number(url.port) };
}

describe('the last line of defence', () => {
  it('turns a handler that throws, or rejects, into a JSON 500 for that request only, with one log line and no stack', async () => {
    const lines: string[] = [];
    const { url, port } = await start({
      log: (line) => lines.push(line),
      requestListener: (req, res) => {
        if (req.url === '/sync') throw new TypeError(`boom at /srv/app/secret.js\n    at handler (/srv/app/secret.js:1:1)`);
        if (req.url === '/async') return Promise.reject(new RangeError('async boom with redis://app:hunter2@db:6379'));
        if (req.url === '/late') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('partial');
          return Promise.reject(new Error('failed mid-answer'));
        }
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('fine');
        return undefined;
      },
    });
    for (const path of ['/sync', '/async']) {
      const response = await fetch(new URL(path, url));
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('application/json');
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: 'internal_error', message: 'The server could not answer this request.' });
      expect(text).not.toMatch(/boom|secret|\s{4}at /);
      expect(await (await fetch(new URL('/other', url))).text()).toBe('fine');
    }
    // An answer already under way cannot become a 500: its connection is cut, and the next one is served.
    const late = await rawRequest(port, 'GET /late HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(late.raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(late.raw).not.toContain('0\r\n\r\n');
    expect(await (await fetch(new URL('/other', url))).text()).toBe('fine');

    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('internal error answering GET "/sync": TypeError: boom at /srv/app/secret.js');
    expect(lines[1]).toBe('internal error answering GET "/async": RangeError: async boom with redis://app:***@db:6379');
    for (const line of lines) expect(line).not.toMatch(/\n|\s{4}at |hunter2/);
  });
});

describe('answers Node would give without the contract', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(['--port', '0', '--quiet']);
  });
  afterAll(async () => {
    await server.stop();
  });
  const port = (): number => Number(server.url.port);

  it('answers CONNECT with a JSON 405 and Allow, and keeps serving', async () => {
    for (const target of ['127.0.0.1:22', 'example.com:443', '/api/v1/generate']) {
      const reply = await rawRequest(port(), `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      expect(reply.status, target).toBe(405);
      expect(reply.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(reply.headers['content-type']).toBe('application/json');
      expect(JSON.parse(reply.body)).toMatchObject({ error: 'method_not_allowed' });
    }
    expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);
  });

  it('answers an Expect other than 100-continue with a JSON 417 expectation_failed', async () => {
    const reply = await rawRequest(port(), 'GET /api/v1/generate HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n');
    expect(reply.status).toBe(417);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(JSON.parse(reply.body)).toMatchObject({ error: 'expectation_failed' });
    const head = await rawRequest(port(), 'HEAD /api/v1/generate HTTP/1.1\r\nHost: x\r\nExpect: nope\r\n\r\n');
    expect(head.status).toBe(417);
    expect(head.body).toBe('');
    expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);
  });

  it('ignores the fragment of a request-target: /api/v1/generate#x?quantity=60 is 5 records', async () => {
    const reply = await rawRequest(port(), 'GET /api/v1/generate#x?quantity=60 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ count: 5 });
    const withQuery = await rawRequest(
      port(),
      'GET /api/v1/generate?quantity=2#?quantity=60 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(JSON.parse(withQuery.body)).toMatchObject({ count: 2 });
  });
});

describe('shutdown', () => {
  it('answers requests in flight when shutdown begins with Connection: close', async () => {
    const memory = createMemoryQuotaStore();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    let allIn!: () => void;
    const entered = new Promise<void>((resolve) => (allIn = resolve));
    const store: QuotaStore = {
      async consume(key, limits, now) {
        if (++waiting === 3) allIn();
        await gate;
        return memory.consume(key, limits, now);
      },
      reset: () => memory.reset(),
    };
    const { server, port } = await start({ store, trustProxy: 1 });
    // Keep-alive clients that do not half-close: each reads until the server closes the connection.
    const replies = [1, 2, 3].map(
      (i) =>
        new Promise<string>((resolve) => {
          const socket = connect(port, '127.0.0.1', () =>
            socket.write(`GET /api/v1/generate HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.0.0.${i}\r\n\r\n`),
          );
          let text = '';
          socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
          socket.on('error', () => undefined);
          socket.on('close', () => resolve(text));
        }),
    );
    await entered;
    const closed = server.close();
    release();
    for (const reply of await Promise.all(replies)) {
      expect(reply).toMatch(/^HTTP\/1\.1 200 /);
      expect(reply.toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(reply.toLowerCase()).not.toContain('keep-alive');
    }
    await closed;
  });
});
