#!/usr/bin/env node
// Pipelined requests that are never read, against the built `siret-mock serve`. The server's RSS every 100 ms, its peak,
// (the bound), and 10 s after the clients close; when the server has closed every attack connection (reported, not bound:
// the many-header attacks are limited by how fast Node parses the heads); a probe of normal requests from 127.0.0.2
// throughout. Three attacks, one server each:
//   - many short requests: 200 connections from 127.0.0.1 (the per-client cap raised so that all 200 are accepted), each
//     writing 1,000 requests at once (generate, healthz, the OpenAPI document and a lifetime quantity=100, in turn; about
//     70 KB). Before answers were bounded per connection, 20 such connections took RSS from 58 MB to 1 GB;
//   - many headers: 1,024 connections from 127.0.0.3-10 (128 each, under the per-client cap; production defaults), each
//     writing 33 GETs of the demo's bundle, each with 3,200 one-character header lines (16,059 bytes, under the 16 KB
//     header limit). Node keeps up to 2,000 header fields of a request by default: tens of KB for each one waiting;
//   - long header fields: the same with 99 header fields of 160 bytes (16 KB), under the 100 fields a request may have.
// Usage: npm run build && node bench/pipelining.bench.mjs [short|headers|fields...] [--ci]
//   --ci: no wait after the clients close, and exit 1 when a bound is missed (.ci/stress.sh runs `headers fields` so).
import { readdirSync } from 'node:fs';
import { bench, connectFrom, establishedPeers, PASS, probe, PROBE_ADDRESS, startServe } from './support/attacked-server.mjs';

const PATHS = [
  ['/api/v1/generate?quantity=50', ''],
  ['/healthz', ''],
  ['/api/v1/openapi.json', ''],
  ['/api/v1/generate?quantity=100', `Authorization: Bearer ${PASS}\r\n`],
];
const bundle = readdirSync(new URL('../dist/demo/assets/', import.meta.url)).find((name) => /^index-.*\.js$/.test(name));
const manyHeaders = `GET /assets/${bundle} HTTP/1.1\r\nHost: 127.0.0.1\r\n${'a:1\r\n'.repeat(3_200)}\r\n`;
const longHeaders = `GET /assets/${bundle} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Array.from({ length: 98 }, (_, i) => `a${i}: ${'x'.repeat(155)}\r\n`).join('')}\r\n`;

const ATTACKS = [
  {
    name: 'short',
    connections: 200,
    addresses: ['127.0.0.1'],
    args: ['--max-connections-per-client', '210'],
    payload: Array.from({ length: 1_000 }, (_, i) => {
      const [path, extra] = PATHS[i % PATHS.length];
      return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;
    }).join(''),
    targetMb: 250,
    metric: 'pipelining: 200 connections x 1,000 requests, unread: peak RSS',
  },
  {
    name: 'headers',
    connections: 1_024,
    addresses: Array.from({ length: 8 }, (_, i) => `127.0.0.${3 + i}`),
    args: [],
    payload: manyHeaders.repeat(33),
    targetMb: 300,
    metric: 'pipelining: 1,024 connections from 8 addresses x 33 GETs of 3,200 headers each, unread: peak RSS',
  },
  {
    name: 'fields',
    connections: 1_024,
    addresses: Array.from({ length: 8 }, (_, i) => `127.0.0.${3 + i}`),
    args: [],
    payload: longHeaders.repeat(33),
    targetMb: 300,
    metric: 'pipelining: the same with 99 header fields of 160 bytes each (16 KB), unread: peak RSS',
  },
];

const args = process.argv.slice(2);
const ci = args.includes('--ci');
const names = args.filter((arg) => arg !== '--ci');
let missed = false;
for (const attack of ATTACKS.filter((a) => names.length === 0 || names.includes(a.name))) {
  const server = await startServe(attack.args);
  try {
    const baseline = server.rssMb();
    let peak = baseline;
    const rss = setInterval(() => (peak = Math.max(peak, server.rssMb())), 100);
    const probes = probe(server.port);
    const started = performance.now();
    const sockets = await Promise.all(
      Array.from({ length: attack.connections }, async (_, i) => {
        const socket = await connectFrom(server.port, attack.addresses[i % attack.addresses.length]);
        socket.pause();
        socket.write(attack.payload);
        return socket;
      }),
    );
    // When the server has closed every attack connection (ss: none left ESTABLISHED on its side), within 15 s.
    let closedAfterS = null;
    while (performance.now() - started < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (establishedPeers(server.port).filter((peer) => !peer.startsWith(`${PROBE_ADDRESS}:`)).length === 0) {
        closedAfterS = (performance.now() - started) / 1000;
        break;
      }
    }
    if (closedAfterS === null) await new Promise((resolve) => setTimeout(resolve, 15_000 - (performance.now() - started)));
    const open = establishedPeers(server.port).filter((peer) => !peer.startsWith(`${PROBE_ADDRESS}:`)).length;
    const atEnd = server.rssMb();
    for (const socket of sockets) socket.destroy();
    if (!ci) await new Promise((resolve) => setTimeout(resolve, 10_000));
    clearInterval(rss);
    const after = server.rssMb();
    const served = await probes.stop();
    // The many-header attacks hold every connection slot (1,024): a probe may find none free, so only the short one's must pass.
    const probed = attack.name !== 'short' || served.failures === 0;
    const met = peak <= attack.targetMb && probed && server.child.exitCode === null;
    missed ||= !met;
    bench(
      attack.metric,
      peak,
      `<= ${attack.targetMb} MB`,
      met,
      `${Math.round(baseline)} MB before, ${Math.round(atEnd)} MB at the end, ${ci ? '' : `${Math.round(after)} MB 10 s after the clients closed; `}` +
        `${closedAfterS === null ? `${open} of ${attack.connections} connections still open after 15 s` : `all closed by the server after ${closedAfterS.toFixed(1)} s`}; ` +
        `probe from ${PROBE_ADDRESS}: ${served.probes} requests, ${served.failures} failed, p99 ${served.p99Ms} ms`,
      'MB',
    );
  } finally {
    server.child.kill('SIGKILL');
  }
}
if (ci && missed) process.exitCode = 1;
