import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer, type SiretServerOptions } from '../src/node/create-server.js';

// The write-stall guard and the connection limit, in-process with short bounds. The 1,000-connection version against a
// real `siret-mock serve` with its production bound is test/stress/slow-readers.test.ts; slowhttptest runs in .ci/slowhttptest.sh.

const BIG = Buffer.alloc(32 * 1024 * 1024, 'x');
const running: SiretServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: SiretServerOptions): Promise<{ port: number; url: URL; server: SiretServer }> {
  const server = createSiretServer({
    demoDir: false,
    log: () => undefined,
    // 32 MiB: more than the kernel's socket buffers hold, so an unread answer stays queued in the process.
    requestListener: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BIG.length });
      res.end(BIG);
    },
    ...options,
  });
  running.push(server);
  const url = await server.listen(0, '127.0.0.1');
  return { port: Number(url.port), url, server };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

describe('a client that stops reading its answer', () => {
  it('is cut once no byte of it has left for writeStallTimeout, while a client that reads gets all of it', async () => {
    const { port, server } = await start({ writeStallTimeout: 1_000 });
    // The server's side of each connection, in accept order: the first is the stalled client's. A paused socket never reads
    // the reset, so the server side's own close says when the guard cut it.
    const accepted: Socket[] = [];
    server.server.on('connection', (socket: Socket) => accepted.push(socket));
    const stalled = await open(port);
    stalled.pause();
    const sent = performance.now();
    stalled.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
    const reader = await open(port);
    let received = 0;
    reader.on('data', (chunk: Buffer) => (received += chunk.length));
    reader.write('GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const stalledServerSide = accepted[0] as Socket;
    const closedAfter = await new Promise<number>((resolve) => {
      const cut = (): void => resolve(performance.now() - sent);
      if (stalledServerSide.destroyed) cut();
      else stalledServerSide.once('close', cut);
      setTimeout(() => resolve(Infinity), 5_000).unref();
    });
    expect(stalled.closed).toBe(false);
    await new Promise((resolve) => (reader.closed ? resolve(undefined) : reader.once('close', resolve)));
    expect(received).toBeGreaterThan(BIG.length);
    expect(closedAfter).toBeGreaterThanOrEqual(1_000);
    expect(closedAfter).toBeLessThan(3_000);
    // Reading now shows what it got before the cut: what the kernel held, far less than the answer.
    stalled.resume();
    await new Promise((resolve) => stalled.once('close', resolve));
    expect(stalled.bytesRead).toBeLessThan(BIG.length);
  });
});

describe('a client that reads in bursts', () => {
  it('keeps its connection through one large write that takes longer than the bound, as long as bytes keep leaving', async () => {
    const { port } = await start({ writeStallTimeout: 1_000 });
    const socket = await open(port);
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    // Reads for 10 ms, then nothing for 400 ms: the 32 MiB answer is one write that completes only after several bursts,
    // well past the 1 s bound. (A 2 ms window sometimes ended before the event loop read anything, several bursts in a row,
    // and the guard rightly cut it.)
    socket.pause();
    const bursts = setInterval(() => {
      socket.resume();
      setTimeout(() => socket.pause(), 10);
    }, 400);
    const started = performance.now();
    socket.write('GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(bursts);
    expect(received).toBeGreaterThan(BIG.length);
    // The one write lasted longer than the bound: progress, not its duration, is what keeps the connection.
    expect(performance.now() - started).toBeGreaterThan(1_000);
  });
});

describe('the connection limit', () => {
  it('closes connections beyond maxConnections at once, logs it once, and serves again when one ends', async () => {
    const lines: string[] = [];
    const { port, url } = await start({ maxConnections: 3, log: (line) => lines.push(line), requestListener: undefined });
    const held = await Promise.all([open(port), open(port), open(port)]);
    const extra = await Promise.all([open(port), open(port)]);
    const extraClosed = await Promise.all(
      extra.map((socket) => new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)))),
    );
    expect(extraClosed).toEqual([true, true]);
    expect(lines.filter((line) => line.includes('--max-connections'))).toHaveLength(1);
    held[0]?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(new URL('/healthz', url), { headers: { connection: 'close' } });
    expect(response.status).toBe(200);
    for (const socket of held) socket.destroy();
  });
});
