import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
