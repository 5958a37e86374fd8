import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer, type SiretServerOptions } from '../src/node/index.js';
import { parseResponses } from './fuzz/raw-socket.js';

// The answer deadline, the pipelining bound and the connection limits, in-process with short bounds. The 1,000-connection
// version against a real `siret-mock serve` with its production bound is test/stress/slow-readers.test.ts; slowhttptest runs
// in .ci/slowhttptest.sh.

// 32 MiB: more than the kernel's socket buffers hold, so an unread answer stays queued in the process.
const BIG_SIZE = 32 * 1024 * 1024;
const demo = mkdtempSync(join(tmpdir(), 'siret-slow-readers-'));
writeFileSync(join(demo, 'index.html'), '<!doctype html><title>demo</title>');
writeFileSync(join(demo, 'big.bin'), Buffer.alloc(BIG_SIZE, 'x'));
afterAll(() => rmSync(demo, { recursive: true, force: true }));

const running: SiretServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: SiretServerOptions): Promise<{ port: number; url: URL; server: SiretServer }> {
  const server = createSiretServer({ demoDir: demo, log: () => undefined, ...options });
  running.push(server);
  const url = await server.listen(0, '127.0.0.1');
  return { port: Number(url.port), url, server };
}

function open(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** The server's side of the next `count` connections it accepts, once it has accepted them. */
function connections(server: SiretServer, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  return new Promise((resolve) => {
    const accept = (socket: Socket): void => {
      if (sockets.push(socket) < count) return;
      server.server.off('connection', accept);
      resolve(sockets);
    };
    server.server.on('connection', accept);
  });
}

/** The status of `GET /healthz` on a connection of its own, from `localAddress`. */
function healthz(port: number, localAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', localAddress, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Milliseconds from now until the server's side of the next accepted connection closes (Infinity after `giveUpMs`). */
function serverSideClose(server: SiretServer, giveUpMs: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    server.server.once('connection', (socket: Socket) => socket.once('close', () => resolve(performance.now() - started)));
    setTimeout(() => resolve(Infinity), giveUpMs).unref();
  });
}

describe('an answer its client does not take', () => {
  it('is cut once it has not been handed over within responseTimeout, while a client that reads gets all of it', async () => {
    const { port, server } = await start({ node: { responseTimeout: 2_000 } });
    // A paused socket never reads the reset, so the server side's own close says when the deadline cut it.
    const cut = serverSideClose(server, 8_000);
    const stalled = await open(port);
    stalled.pause();
    stalled.write('GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n');
    const reader = await open(port);
    let received = 0;
    reader.on('data', (chunk: Buffer) => (received += chunk.length));
    reader.write('GET /big.bin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const closedAfter = await cut;
    await new Promise((resolve) => (reader.closed ? resolve(undefined) : reader.once('close', resolve)));
    expect(received).toBeGreaterThan(BIG_SIZE);
    expect(closedAfter).toBeGreaterThanOrEqual(2_000);
    expect(closedAfter).toBeLessThan(3_000);
    expect(stalled.closed).toBe(false);
    // Reading now shows what it got before the cut: what the kernel held, far less than the answer.
    stalled.resume();
    await new Promise((resolve) => stalled.once('close', resolve));
    expect(stalled.bytesRead).toBeLessThan(BIG_SIZE);
  });

  it('is cut at the deadline even when its client keeps reading a little at a time', async () => {
    const { port, server } = await start({ node: { responseTimeout: 1_000 } });
    const cut = serverSideClose(server, 8_000);
    const socket = await open(port);
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    // Reads for 10 ms, then nothing for 400 ms: bytes keep leaving, but the answer is far from whole after the bound.
    socket.pause();
    const bursts = setInterval(() => {
      socket.resume();
      setTimeout(() => socket.pause(), 10);
    }, 400);
    socket.write('GET /big.bin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const closedAfter = await cut;
    clearInterval(bursts);
    socket.destroy();
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(BIG_SIZE);
    expect(closedAfter).toBeGreaterThanOrEqual(1_000);
    expect(closedAfter).toBeLessThan(2_000);
  });
});

describe('pipelined requests', () => {
  it('are answered in order, one at a time', async () => {
    const { port } = await start({});
    const socket = await open(port);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const paths = Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? '/healthz' : `/api/v1/generate?quantity=${(i % 5) + 1}&seed=${i}`));
    socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    socket.destroy();
    const { responses } = parseResponses(Buffer.concat(chunks));
    expect(responses).toHaveLength(24);
    responses.forEach((response, i) => {
      const parsed = JSON.parse(response.body.toString('utf8')) as { status?: string; count?: number };
      // Ten a minute from one caller: the generate requests after the tenth are 429s, still in their place.
      if (i % 2 === 0) expect(parsed, String(i)).toEqual({ status: 'ok' });
      else expect('count' in parsed || 'error' in parsed, String(i)).toBe(true);
    });
  });

  it('reset a connection that sends more than 32 in one write, before they are parsed, and the server serves others', async () => {
    const { port, url } = await start({});
    const socket = await open(port);
    socket.pause();
    socket.write('GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(100));
    const closed = await new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 2_000).unref();
      socket.resume();
      socket.on('data', () => undefined);
    });
    expect(closed).toBe(true);
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
  });
});

describe('pipelined requests with large heads', () => {
  it('reset their connection once more than two of the largest wait behind an answer its client does not take', async () => {
    // An answer deadline past the test's own timeout: only the bound on waiting heads can close this connection.
    const { port, server } = await start({ node: { responseTimeout: 60_000 } });
    const accepted = connections(server, 1);
    const socket = await open(port);
    socket.pause();
    const [serverSide] = await accepted;
    const closed = new Promise((resolve) => serverSide?.once('close', resolve));
    // Each head is 12 KB (under Node's 16 KB): the third one waiting takes the connection past 32 KB of waiting heads.
    const large = `GET /healthz HTTP/1.1\r\nHost: x\r\nx-a: ${'b'.repeat(12_000)}\r\n\r\n`;
    socket.write(`GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n${large.repeat(3)}`);
    await closed;
    socket.destroy();
  });
});

describe('a read of more than 32 pipelined requests once 32 connections are open', () => {
  it('is dropped before Node parses it, and its connection reset', async () => {
    const entries: string[] = [];
    const { port, url } = await start({ onAccess: (entry) => entries.push(entry.url) });
    // The first 32 connections open at a time stay on Node's fast path (see limitPipelinedReads); the 33rd is checked.
    const idle = await Promise.all(Array.from({ length: 32 }, () => open(port)));
    const flood = await open(port);
    flood.write('GET /healthz?flood HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(100));
    const closed = await new Promise<boolean>((resolve) => {
      flood.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 2_000).unref();
    });
    expect(closed).toBe(true);
    // Not one of its requests became a request object: none was answered, logged or even started.
    expect(entries.filter((entry) => entry.includes('flood'))).toEqual([]);
    for (const socket of idle) socket.destroy();
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
  });
});

describe('pipelined requests sent one write at a time', () => {
  it('reset the connection once more than 32 wait behind an answer its client does not take', async () => {
    const { port, url } = await start({});
    const socket = await open(port);
    socket.pause();
    let sent = 0;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // The first asks for 32 MiB and is never read; each of the next ones arrives in a write of its own.
    while (!socket.destroyed && sent < 60) {
      socket.write(`GET ${sent === 0 ? '/big.bin' : '/healthz'} HTTP/1.1\r\nHost: x\r\n\r\n`);
      sent++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (sent === 34) {
        socket.resume();
        socket.on('data', () => undefined);
      }
    }
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    expect(socket.destroyed).toBe(true);
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
  });
});

describe('the connection limits', () => {
  it('admits a new connection when all are taken, in place of the one idle longest, and logs it once', async () => {
    const lines: string[] = [];
    const { port, server } = await start({ node: { maxConnections: 3 }, log: (line) => lines.push(line) });
    const accepted = connections(server, 3);
    const [first, second, third] = await Promise.all([open(port), open(port), open(port)]);
    await accepted;
    // The second is answered: idle since then, it has waited less than the first and third, idle since they connected.
    second?.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => second?.once('data', resolve));
    const closedFirst = new Promise((resolve) => first?.once('close', resolve));
    const client = connections(server, 1);
    expect(await healthz(port)).toBe(200);
    await closedFirst;
    // Once that client has gone, a fourth connection takes the free slot, and the next new client takes the third's.
    const [gone] = await client;
    if (!gone?.closed) await new Promise((resolve) => gone?.once('close', resolve));
    const fourth = await open(port);
    const closedThird = new Promise((resolve) => third?.once('close', resolve));
    expect(await healthz(port)).toBe(200);
    await closedThird;
    expect([second?.closed, fourth.closed]).toEqual([false, false]);
    expect(lines.filter((line) => line.includes('--max-connections'))).toHaveLength(1);
    second?.destroy();
    fourth.destroy();
  });

  it('closes a new connection at once when every open one has an answer in progress', async () => {
    const { port, server } = await start({ node: { maxConnections: 2 } });
    const serverSides = connections(server, 2);
    let requests = 0;
    const bothStarted = new Promise((resolve) => server.server.on('request', () => ++requests === 2 && resolve(undefined)));
    // Two answers of 32 MiB that their clients do not read: in progress until the answer deadline.
    const readers = await Promise.all([open(port), open(port)]);
    for (const reader of readers) {
      reader.pause();
      reader.write('GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n');
    }
    await bothStarted;
    const extra = await open(port);
    await new Promise((resolve) => extra.once('close', resolve));
    // Once one of them has ended, a new client is served.
    const [first] = await serverSides;
    const ended = new Promise((resolve) => first?.once('close', resolve));
    readers[0]?.destroy();
    await ended;
    expect(await healthz(port)).toBe(200);
    readers[1]?.destroy();
  });

  it('releases a connection it has answered with a refusal at once, though its client never closes its side', async () => {
    const { port, server } = await start({ node: { headersTimeout: 1_000 } });
    const accepted = connections(server, 1);
    // Sends nothing, reads the 408, and keeps its side open.
    const client = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    client.on('data', () => undefined);
    const [serverSide] = await accepted;
    await new Promise((resolve) => client.once('end', resolve));
    if (!serverSide?.closed) await new Promise((resolve) => serverSide?.once('close', resolve));
    expect(client.destroyed).toBe(false);
    client.destroy();
  });

  it('closes a client’s connections beyond maxConnectionsPerClient, while another address is served', async () => {
    const lines: string[] = [];
    const { port } = await start({ node: { maxConnectionsPerClient: 3 }, log: (line) => lines.push(line) });
    const held = await Promise.all([open(port), open(port), open(port)]);
    const extra = await open(port);
    expect(await new Promise<boolean>((resolve) => extra.once('close', () => resolve(true)))).toBe(true);
    expect(lines).toEqual(['warning: 127.0.0.1 holds 3 connections (--max-connections-per-client); closing its new ones']);
    // Another client, from another loopback address, is served while the first holds its three.
    expect(await healthz(port, '127.0.0.2')).toBe(200);
    for (const socket of held) socket.destroy();
  });
});
