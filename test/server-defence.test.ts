import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryQuotaStore, type QuotaStore } from '../src/core/quota/index.js';
import { INTERNAL_ERROR_MESSAGE } from '../src/http/app/index.js';
import { createNodeListener, createSiretServer, type SiretServer, type SiretServerOptions } from '../src/node/index.js';
import { redactSecrets } from '../src/node/server/index.js';
import { parseResponses } from './fuzz/raw-socket.js';
import { rawRequest } from './services/raw-http.js';
import { startServerProcess, type ServerProcess } from './services/server-process.js';

const running: SiretServer[] = [];
let plain: Server | undefined;
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await new Promise<void>((resolve) => (plain ? plain.close(() => resolve()) : resolve()));
  plain = undefined;
});

async function start(options: SiretServerOptions = {}): Promise<{ server: SiretServer; url: URL; port: number }> {
  const server = createSiretServer({ demoDir: false, log: () => undefined, ...options });
  running.push(server);
  const url = await server.listen(0, '127.0.0.1');
  return { server, url, port: Number(url.port) };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

const closeOf = (socket: Socket): Promise<void> =>
  new Promise((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));

/** The server side of each connection it accepts, in order. */
function acceptedSockets(server: SiretServer): Socket[] {
  const sockets: Socket[] = [];
  server.server.on('connection', (socket: Socket) => sockets.push(socket));
  return sockets;
}

/** Resolves once the server has accepted `count` connections in all (counted by `acceptedSockets`). */
async function accepted(server: SiretServer, sockets: Socket[], count: number): Promise<void> {
  while (sockets.length < count) await new Promise((resolve) => server.server.once('connection', resolve));
}

// The last line of defence of the Node adapters (srvx's error hook on the server), on a real node:http server with a
// handler that fails every way one can.
describe('the last line of defence', () => {
  it('turns a handler that throws, or rejects, into a JSON 500 for that request only, with one log line and no stack', async () => {
    const lines: string[] = [];
    const listener = createNodeListener(
      {
        fetch(request) {
          const path = new URL(request.url).pathname;
          if (path === '/sync') throw new TypeError(`boom at /srv/app/secret.js\n    at handler (/srv/app/secret.js:1:1)`);
          if (path === '/async') return Promise.reject(new RangeError('async boom with redis://app:hunter2@db:6379'));
          if (path === '/late') {
            // An answer already under way: its body fails after the first bytes.
            const body = new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('partial'));
                setImmediate(() => controller.error(new Error('failed mid-answer')));
              },
            });
            return new Response(body, { headers: { 'content-type': 'text/plain' } });
          }
          return new Response('fine', { headers: { 'content-type': 'text/plain' } });
        },
      },
      // The server's own log redacts every line: so does this one.
      { log: (line) => lines.push(redactSecrets(line)) },
    );
    const server = (plain = createServer(listener));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const url = new URL(`http://127.0.0.1:${port}`);
    for (const path of ['/sync', '/async']) {
      const response = await fetch(new URL(path, url));
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('application/json');
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: 'internal_error', message: INTERNAL_ERROR_MESSAGE });
      expect(text).not.toMatch(/boom|secret|\s{4}at /);
      expect(await (await fetch(new URL('/other', url))).text()).toBe('fine');
    }
    // An answer already under way cannot become a 500: its connection is cut, and the next one is served.
    const late = await rawRequest(port, 'GET /late HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(late.raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(late.raw).not.toContain('0\r\n\r\n');
    expect(await (await fetch(new URL('/other', url))).text()).toBe('fine');

    expect(lines).toEqual([
      'internal error: TypeError: boom at /srv/app/secret.js',
      'internal error: RangeError: async boom with redis://app:***@db:6379',
    ]);
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

describe('a request body the service never reads', () => {
  it('is not read on and on: an endless chunked GET gets its answer with Connection: close, and the connection ends', async () => {
    const { port } = await start();
    const socket = await open(port);
    let reply = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (reply += chunk));
    const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
    // Far more than the kernel's buffers take: a server that kept reading would take all of it.
    const endless = 64 * 1024 * 1024;
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    // Writes as fast as the server takes them until the connection ends (or the 64 MiB are sent, and the test times out).
    const pump = (): void => {
      while (!socket.destroyed && socket.bytesWritten < endless) if (!socket.write(chunk)) return void socket.once('drain', pump);
    };
    pump();
    await closeOf(socket);
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(reply.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(socket.bytesWritten).toBeLessThan(endless);
  });

  it('of a few bytes is read and dropped, and the connection serves the next request', async () => {
    const { port } = await start();
    const reply = await rawRequest(
      port,
      'GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(reply.raw.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
  });
});

describe('a client that half-closes once its request is sent', () => {
  it('gets its answer, however long the answer takes, and each answer it gets is the one counted', async () => {
    // A delayed answer comes long after the client's FIN, as one behind a Redis round trip does.
    const { port } = await start({ delay: 50, limits: { perMinute: 2 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await rawRequest(port, 'GET /api/v1/generate HTTP/1.1\r\nHost: x\r\n\r\n')).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('the upgrade link', () => {
  const upgradeWith = async (port: number, host: string): Promise<string> => {
    const reply = await rawRequest(port, `GET /api/v1/generate?format=csv HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    return (JSON.parse(reply.body) as { upgrade: string }).upgrade;
  };

  it('names the Host a request gives when it is this server (localhost, a loopback address, the address connected to)', async () => {
    const { port } = await start();
    expect(await upgradeWith(port, `localhost:${port}`)).toBe(`http://localhost:${port}/pricing`);
    expect(await upgradeWith(port, 'LOCALHOST:8080')).toBe('http://localhost:8080/pricing');
    expect(await upgradeWith(port, `127.0.0.1:${port}`)).toBe(`http://127.0.0.1:${port}/pricing`);
  });

  it('never a name only the client vouches for: another Host, or an absolute-form target, gives the address connected to', async () => {
    const { port } = await start();
    const own = `http://127.0.0.1:${port}/pricing`;
    for (const host of ['evil.example', 'evil.example:443', '127.0.0.1.evil.example', 'localhost.evil.example', '999.1.1.1', '[::1'])
      expect(await upgradeWith(port, host), host).toBe(own);
    const absolute = await rawRequest(
      port,
      `GET http://evil.example/api/v1/generate?format=csv HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect((JSON.parse(absolute.body) as { upgrade: string }).upgrade).toBe(own);
  });

  it('is the configured one when upgradeUrl is set, whatever the Host', async () => {
    const { port } = await start({ upgradeUrl: 'https://staging.example.com/pricing' });
    expect(await upgradeWith(port, 'evil.example')).toBe('https://staging.example.com/pricing');
  });
});

describe('shutdown', () => {
  /** A quota store whose answers wait until `release()`; `entered` resolves once three requests wait in it. */
  function gatedStore(): { store: QuotaStore; entered: Promise<void>; release(): void } {
    const memory = createMemoryQuotaStore();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let allIn!: () => void;
    const entered = new Promise<void>((resolve) => (allIn = resolve));
    let waiting = 0;
    const store: QuotaStore = {
      async consume(key, limits, now) {
        if (++waiting === 3) allIn();
        await gate;
        return memory.consume(key, limits, now);
      },
      reset: () => memory.reset(),
    };
    return { store, entered, release };
  }

  /**
   * Three keep-alive clients (10.0.0.1-3 by `X-Forwarded-For`) that each write `copies` requests at once and do not
   * half-close: each reads until the server closes the connection, and resolves with all it got.
   */
  function clients(port: number, copies: number): Promise<string[]> {
    const replies = [1, 2, 3].map(
      (i) =>
        new Promise<string>((resolve) => {
          const request = `GET /api/v1/generate HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.0.0.${i}\r\n\r\n`;
          const socket = connect(port, '127.0.0.1', () => socket.write(request.repeat(copies)));
          let text = '';
          socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
          socket.on('error', () => undefined);
          socket.on('close', () => resolve(text));
        }),
    );
    return Promise.all(replies);
  }

  it('answers requests in flight when shutdown begins with Connection: close', async () => {
    const { store, entered, release } = gatedStore();
    const { server, port } = await start({ store, trustProxy: 1 });
    const replies = clients(port, 1);
    await entered;
    const closed = server.close();
    release();
    for (const reply of await replies) {
      expect(reply).toMatch(/^HTTP\/1\.1 200 /);
      expect(reply.toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(reply.toLowerCase()).not.toContain('keep-alive');
    }
    await closed;
  });

  /** A keep-alive connection that has had one /healthz answer; `send` writes another request, `ended` resolves with all it got. */
  async function idleConnection(port: number): Promise<{ send(): void; ended: Promise<string> }> {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
    socket.on('error', () => undefined);
    const answered = new Promise<void>((resolve) =>
      socket.setEncoding('latin1').on('data', (chunk: string) => {
        text += chunk;
        if (text.endsWith('{"status":"ok"}')) resolve();
      }),
    );
    const send = (): void => void socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    send();
    await answered;
    return { send, ended };
  }

  it('answers a request sent on an idle keep-alive connection during the drain, then closes the connection', async () => {
    const { server, port } = await start();
    const idle = await idleConnection(port);
    const closed = server.close();
    idle.send();
    const [first, second] = (await idle.ended).split(/(?=HTTP\/1\.1 )/);
    expect(first?.toLowerCase()).toContain('\r\nconnection: keep-alive\r\n');
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    expect(second?.toLowerCase()).toContain('\r\nconnection: close\r\n');
    await closed;
  });

  it('ends an idle keep-alive connection once no request has come for a moment', async () => {
    const { server, port } = await start();
    const idle = await idleConnection(port);
    await server.close();
    expect((await idle.ended).split('HTTP/1.1 ')).toHaveLength(2);
  });

  it('answers the pipelined requests a connection sent before shutdown began, the last with Connection: close', async () => {
    const { store, entered, release } = gatedStore();
    const { server, port } = await start({ store, trustProxy: 1 });
    const replies = clients(port, 2);
    await entered;
    const closed = server.close();
    release();
    for (const reply of await replies) {
      const answers = reply.split(/(?=HTTP\/1\.1 )/);
      expect(answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
      expect(answers.map((answer) => /\r\nconnection: (\S+)\r\n/i.exec(answer)?.[1])).toEqual(['keep-alive', 'close']);
    }
    await closed;
  });
});

describe('pipelined requests', () => {
  it('are answered in order, one at a time', async () => {
    const { port } = await start();
    const paths = Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? '/healthz' : `/api/v1/generate?quantity=${(i % 5) + 1}&seed=${i}`));
    // The last one asks for the connection to be closed after it, so the close says every answer has been sent.
    const heads = paths.map((path, i) => `GET ${path} HTTP/1.1\r\nHost: x\r\n${i === paths.length - 1 ? 'Connection: close\r\n' : ''}\r\n`);
    const { responses } = parseResponses(Buffer.from((await rawRequest(port, heads.join(''))).raw, 'latin1'));
    expect(responses).toHaveLength(24);
    responses.forEach((response, i) => {
      const parsed = JSON.parse(response.body.toString('utf8')) as { status?: string; count?: number };
      // Ten a minute from one caller: the generate requests after the tenth are 429s, still in their place.
      if (i % 2 === 0) expect(parsed, String(i)).toEqual({ status: 'ok' });
      else expect('count' in parsed || 'error' in parsed, String(i)).toBe(true);
    });
  });

  it('reset a connection that sends more than 32 in one read, before they are parsed, once 32 connections are open', async () => {
    const entries: string[] = [];
    const { port, url, server } = await start({ onAccess: (entry) => entries.push(entry.url) });
    const sockets = acceptedSockets(server);
    // The first 32 connections open at a time stay on Node's fast path (see limitPipelinedReads): the 33rd is read first.
    const idle = await Promise.all(Array.from({ length: 32 }, () => open(port)));
    await accepted(server, sockets, 32);
    const flood = await open(port);
    flood.write('GET /healthz?flood HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(100));
    await closeOf(flood);
    // Not one of its requests became a request object: none was answered, logged or even started.
    expect(entries.filter((entry) => entry.includes('flood'))).toEqual([]);
    for (const socket of idle) socket.destroy();
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
  });

  it('reset a connection once more than 32 wait behind an unfinished answer, each sent in a write of its own', async () => {
    // The first request's answer waits on the quota store until the test lets it go.
    const memory = createMemoryQuotaStore();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const store: QuotaStore = {
      consume: async (key, limits, now) => (await gate, memory.consume(key, limits, now)),
      reset: () => memory.reset(),
    };
    const { port, url, server } = await start({ store });
    const sockets = acceptedSockets(server);
    const socket = await open(port);
    await accepted(server, sockets, 1);
    const serverSide = sockets[0]!;
    // Each request is written once the server has parsed the one before.
    for (let i = 0; i < 34; i++) {
      const parsed = new Promise((resolve) => server.server.once('request', resolve));
      socket.write(`GET ${i === 0 ? '/api/v1/generate' : `/healthz?${i}`} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await parsed;
      // The 34th (one answering and 32 waiting before it) resets the connection as it arrives.
      expect(serverSide.destroyed, `after request ${i + 1}`).toBe(i === 33);
    }
    await closeOf(socket);
    release();
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
  });
});
