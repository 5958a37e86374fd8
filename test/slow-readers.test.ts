import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer, type SiretServerOptions } from '../src/node/index.js';

// The answer deadline, in-process with short bounds: a client that does not read its answer, or reads it a little at a
// time, is cut once the deadline has passed. Part of `npm run test:acceptance`: each test waits out a real deadline. The
// 1,000-connection version against a real `siret-mock serve` with its production bound is test/stress/slow-readers.test.ts;
// slowhttptest runs in .ci/slowhttptest.sh. The pipelining and connection bounds are in test/server-defence.test.ts.

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

async function start(options: SiretServerOptions): Promise<{ port: number; server: SiretServer }> {
  const server = createSiretServer({ demoDir: demo, log: () => undefined, ...options });
  running.push(server);
  const url = await server.listen(0, '127.0.0.1');
  return { port: Number(url.port), server };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
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

/**
 * Milliseconds from now until the server's side of the next accepted connection closes. No bound of our own: a deadline
 * that never cuts fails the test by its timeout.
 */
function serverSideClose(server: SiretServer): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    server.server.once('connection', (socket: Socket) => socket.once('close', () => resolve(performance.now() - started)));
  });
}

describe('an answer its client does not take', () => {
  it('is cut once it has not been handed over within responseTimeout, while a client that reads gets all of it', async () => {
    const { port, server } = await start({ node: { responseTimeout: 2_000 } });
    // A paused socket never reads the reset, so the server side's own close says when the deadline cut it.
    const cut = serverSideClose(server);
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
    // Not before the deadline (timers never fire early, however loaded the machine).
    expect(closedAfter).toBeGreaterThanOrEqual(2_000);
    expect(stalled.closed).toBe(false);
    // Reading now shows what it got before the cut: what the kernel held, far less than the answer.
    stalled.resume();
    await new Promise((resolve) => stalled.once('close', resolve));
    expect(stalled.bytesRead).toBeLessThan(BIG_SIZE);
  });

  it('is cut at the deadline even when its client keeps reading a little at a time', async () => {
    const { port, server } = await start({ node: { responseTimeout: 1_000 } });
    const cut = serverSideClose(server);
    const socket = await open(port);
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    // Reads for 10 ms, then nothing for 400 ms: bytes keep leaving, but the answer is far from whole when it is cut.
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
