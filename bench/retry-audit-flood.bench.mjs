#!/usr/bin/env node
// A client that ignores Retry-After, at full speed: 32 keep-alive connections from 127.0.0.1 to the built `siret-mock serve`
// (free tier, so every request past the tenth of a minute is a 429 and an early retry for the Retry-After audit), each
// keeping 8 requests pipelined, for 60 s. Responses a second; the figure is the last 10 s against the first 10 s of the same
// run. A probe of normal requests from 127.0.0.2 throughout. Before the audit's recording was bounded, its per-caller list
// of early requests was copied on every request: throughput fell as the flood went on.
// Usage: npm run build && node bench/retry-audit-flood.bench.mjs [seconds]
import { connect } from 'node:net';
import { bench, probe, startServe } from './support/attacked-server.mjs';

const CONNECTIONS = 32;
const PIPELINED = 8;
const SECONDS = Number(process.argv[2] ?? 60);
const WINDOW_S = 10;
const TARGET = 0.9;
const REQUEST = 'GET /api/v1/generate HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const STATUS_LINE = 'HTTP/1.1 ';

const server = await startServe();
try {
  const perSecond = new Array(SECONDS).fill(0);
  const started = performance.now();
  let running = true;
  const probes = probe(server.port);
  const sockets = Array.from({ length: CONNECTIONS }, () => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(REQUEST.repeat(PIPELINED)));
    let tail = '';
    let answered = 0;
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      // Status lines, counted across chunk boundaries; every PIPELINED answers, PIPELINED more requests.
      const text = tail + chunk;
      for (let at = text.indexOf(STATUS_LINE); at !== -1; at = text.indexOf(STATUS_LINE, at + STATUS_LINE.length)) {
        const second = Math.floor((performance.now() - started) / 1000);
        if (second < SECONDS) perSecond[second]++;
        if (++answered % PIPELINED === 0 && running) socket.write(REQUEST.repeat(PIPELINED));
      }
      tail = text.slice(-(STATUS_LINE.length - 1));
    });
    socket.on('error', () => undefined);
    return socket;
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  running = false;
  for (const socket of sockets) socket.destroy();
  const served = await probes.stop();
  const sum = (from, to) => perSecond.slice(from, to).reduce((a, b) => a + b, 0);
  const first = sum(0, WINDOW_S) / WINDOW_S;
  const last = sum(SECONDS - WINDOW_S, SECONDS) / WINDOW_S;
  const ratio = last / first;
  bench(
    `Retry-After audit flood: ${CONNECTIONS} connections x ${PIPELINED} pipelined 429s for ${SECONDS} s, last ${WINDOW_S} s vs first`,
    ratio,
    `>= ${TARGET}`,
    ratio >= TARGET && server.child.exitCode === null,
    `${Math.round(first)} responses/s in the first ${WINDOW_S} s, ${Math.round(last)} in the last; ` +
      `RSS ${Math.round(server.rssMb())} MB at the end; probe from 127.0.0.2: ${served.probes} requests, ${served.failures} failed, ` +
      `p50 ${served.p50Ms} ms, p99 ${served.p99Ms} ms`,
  );
} finally {
  server.child.kill('SIGKILL');
}
