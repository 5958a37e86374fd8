import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../src/node/server/index.js';
import { scaled } from './fuzz/fuzz-scale.js';

// Slowloris on loopback: connections that never finish their headers (idle, or trickling header lines forever) must neither
// starve a normal request nor stay open past the server's header timeout.

const SLOW = scaled(500, 5_000);
// Long enough to open every slow connection and serve the normal requests before the first one times out.
const HEADERS_TIMEOUT = scaled(3_000, 15_000);
// Far above the header timeout, so a connection closed in time was closed by the header timeout and nothing else.
const REQUEST_TIMEOUT = 10 * HEADERS_TIMEOUT;

interface SlowClient {
  socket: Socket;
  opened: number;
  closed: Promise<{ afterMs: number; reply: string }>;
}

function openSlowClient(port: number, mode: 'idle' | 'slow-headers'): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let drip: NodeJS.Timeout | undefined;
    const opened = performance.now();
    socket.setEncoding('latin1').on('data', (chunk: string) => (reply += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<{ afterMs: number; reply: string }>((done) =>
      socket.once('close', () => {
        clearInterval(drip);
        done({ afterMs: performance.now() - opened, reply });
      }),
    );
    socket.once('connect', () => {
      if (mode === 'slow-headers') {
        socket.write('GET /api/v1/generate HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        // One more header line every 200 ms: the headers never end, but the connection is never silent.
        let line = 0;
        drip = setInterval(() => socket.writable && socket.write(`X-Drip-${line++}: a\r\n`), 200);
      }
      resolve({ socket, opened, closed });
    });
    socket.once('error', reject);
  });
}

describe(`${SLOW} slow clients (slowloris, loopback)`, () => {
  let server: SiretServer | undefined;
  const clients: SlowClient[] = [];
  afterAll(async () => {
    for (const client of clients) client.socket.destroy();
    await server?.close();
  });

  it(
    'do not stop a normal request from being served, and the header timeout closes every one of them with a 408',
    async () => {
      server = createSiretServer({
        demoDir: false,
        log: () => undefined,
        node: {
          headersTimeout: HEADERS_TIMEOUT,
          requestTimeout: REQUEST_TIMEOUT,
          // Every slow client and the normal requests come from 127.0.0.1: the per-client cap is not what this suite is about.
          maxConnectionsPerClient: SLOW + 100,
        },
      });
      const origin = await server.listen(0, '127.0.0.1');
      const port = Number(origin.port);
      for (let i = 0; i < SLOW; i += 50) {
        clients.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(50, SLOW - i) }, (_, j) => openSlowClient(port, (i + j) % 2 === 0 ? 'idle' : 'slow-headers')),
          )),
        );
      }
      let closedSoFar = 0;
      for (const client of clients) void client.closed.then(() => closedSoFar++);

      // Normal requests while every slow connection is still held open by the server (openSlow counts them at each answer).
      const served = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(new URL('/api/v1/generate?quantity=5', origin));
        served.push({ status: response.status, count: ((await response.json()) as { count: number }).count, openSlow: SLOW - closedSoFar });
      }
      expect(served).toEqual(Array.from({ length: 5 }, () => ({ status: 200, count: 5, openSlow: SLOW })));

      // The header timeout closes all of them, idle and trickling alike, each with a JSON 408 and long before requestTimeout.
      const outcomes = await Promise.all(clients.map((client) => client.closed));
      for (const { afterMs, reply } of outcomes) {
        expect(reply).toMatch(/^HTTP\/1\.1 408 /);
        expect(reply).toContain('"error":"request_timeout"');
        expect(afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT - 100);
        expect(afterMs).toBeLessThan(2 * HEADERS_TIMEOUT + 2_000);
      }
      // And the server is fine afterwards.
      expect((await fetch(new URL('/healthz', origin))).status).toBe(200);
    },
    30 * HEADERS_TIMEOUT,
  );
});
