import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../fuzz/fuzz-scale.js';
import { startServerProcess, type ServerProcess } from '../services/server-process.js';

// Slow readers against a real `siret-mock serve` process with its production defaults: connections that ask for large
// answers (the demo's 600 KB bundle, 100-record CSV exports), pipelined so the answers outgrow the kernel's socket
// buffers, and then never read. The server must reset each of them once an answer has not been handed over within the
// answer deadline (--response-timeout, 10 s, checked every second), keep serving a concurrent probe of normal requests,
// and keep its memory bounded. Every reader comes from 127.0.0.1, so the per-client cap is raised: that cap is tested in
// test/slow-readers.test.ts and .ci/slowhttptest.sh.

const SLOW = scaled(1_000, 3_000);
const PIPELINED = 16;
const RESPONSE_TIMEOUT_MS = 10_000;
const PASS = 'slow-reader-pass';
const bundle = readdirSync(new URL('../../dist/demo/assets/', import.meta.url)).find((name) => name.endsWith('.js'));
if (bundle === undefined) throw new Error('dist/demo has no JS bundle: run `npm run build` first');

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

interface SlowReader {
  socket: Socket;
  /** When the requests were written (performance.now()). */
  sent: number;
  /** Ms from `sent` until the server closed the connection, once seen. */
  closedAfter?: number;
}

/**
 * TCP states of the server's end of loopback connections on `port`, by the client's port. A paused client never reads the
 * server's FIN or RST (its end stays ESTABLISHED while unread data sits before the FIN), so the kernel's table is where the
 * close is seen: the server's end leaves ESTABLISHED (01) the moment the server closes it.
 */
function serverStates(port: number): Map<number, string> {
  const states = new Map<number, string>();
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, here, there, state] = line.trim().split(/\s+/);
    if (here === undefined || there === undefined || state === undefined || !here.endsWith(local)) continue;
    states.set(parseInt(there.slice(there.indexOf(':') + 1), 16), state);
  }
  return states;
}

/** Sends PIPELINED requests for a large answer and reads nothing. */
function openSlowReader(port: number, i: number): Promise<SlowReader> {
  const target = i % 2 === 0 ? `/assets/${bundle}` : `/api/v1/generate?format=csv&quantity=100&seed=${i}`;
  const one = `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${PASS}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.pause();
      socket.write(one.repeat(PIPELINED));
      resolve({ socket, sent: performance.now() });
    });
    socket.once('error', reject);
  });
}

let server: ServerProcess | undefined;
const readers: SlowReader[] = [];
afterAll(async () => {
  for (const reader of readers) reader.socket.destroy();
  await server?.stop();
});

describe(`${SLOW} slow readers of large answers (real server, loopback)`, () => {
  it('are each reset within the answer deadline while a probe of normal requests is served, with RSS bounded', async () => {
    server = await startServerProcess([
      '--port',
      '0',
      '--quiet',
      '--pass',
      PASS,
      '--max-connections',
      String(SLOW + 100),
      '--max-connections-per-client',
      String(SLOW + 100),
    ]);
    const pid = server.child.pid as number;
    const port = Number(server.url.port);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const probeOnce = (): Promise<{ ms: number; status: number }> =>
      new Promise((resolve) => {
        const started = performance.now();
        const req = request(
          { host: '127.0.0.1', port, path: '/api/v1/generate?quantity=5', headers: { authorization: `Bearer ${PASS}` }, agent },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }));
          },
        );
        req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
        req.end();
      });
    // Warm-up, then the baseline RSS.
    for (let i = 0; i < 20; i++) await probeOnce();
    await fetch(new URL(`/assets/${bundle}`, server.url)).then((response) => response.arrayBuffer());
    const baselineRss = rssMb(pid);

    const probes: Array<{ ms: number; status: number }> = [];
    let peakRss = baselineRss;
    let probing = true;
    const probeLoop = (async () => {
      while (probing) {
        probes.push(await probeOnce());
        peakRss = Math.max(peakRss, rssMb(pid));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const opened = performance.now();
    for (let i = 0; i < SLOW; i += 100) {
      readers.push(...(await Promise.all(Array.from({ length: Math.min(100, SLOW - i) }, (_, j) => openSlowReader(port, i + j)))));
    }
    const openMs = performance.now() - opened;
    const giveUp = performance.now() + RESPONSE_TIMEOUT_MS + 30_000;
    while (readers.some((reader) => reader.closedAfter === undefined) && performance.now() < giveUp) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const states = serverStates(port);
      const now = performance.now();
      for (const reader of readers) {
        if (reader.closedAfter !== undefined) continue;
        if (states.get(reader.socket.localPort ?? -1) !== '01') reader.closedAfter = now - reader.sent;
      }
    }
    const allClosedMs = performance.now() - opened;
    const closedAfter = readers.map((reader) => reader.closedAfter ?? Infinity);
    probing = false;
    await probeLoop;
    const afterRss = rssMb(pid);
    agent.destroy();

    const latencies = probes.map((probe) => probe.ms).sort((a, b) => a - b);
    const p = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    const figures = {
      slowReaders: SLOW,
      pipelined: PIPELINED,
      openMs: Math.round(openMs),
      allClosedMs: Math.round(allClosedMs),
      maxCloseAfterMs: Math.round(Math.max(...closedAfter)),
      probes: probes.length,
      probeP50Ms: Math.round(p(0.5)),
      probeP99Ms: Math.round(p(0.99)),
      probeMaxMs: Math.round(latencies.at(-1) ?? NaN),
      rssBaselineMb: Math.round(baselineRss),
      rssPeakMb: Math.round(peakRss),
      rssAfterMb: Math.round(afterRss),
    };
    console.log(`SLOW-READERS ${JSON.stringify(figures)}`);

    expect(probes.every((probe) => probe.status === 200)).toBe(true);
    expect(probes.length).toBeGreaterThan(50);
    // Every slow reader is closed. Its first answers fit in the kernel's buffers; the one that does not is cut within the
    // deadline of its start (plus the 1 s check period and the 250 ms poll), however late in the connection it started.
    expect(closedAfter.every(Number.isFinite)).toBe(true);
    expect(Math.max(...closedAfter)).toBeLessThan(RESPONSE_TIMEOUT_MS + 5_000);
    expect(p(0.99)).toBeLessThan(1_000);
    expect(peakRss - baselineRss).toBeLessThan(150);
    expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);
    expect(server.stderr()).not.toMatch(/\s{4}at /);
  }, 120_000);
});
