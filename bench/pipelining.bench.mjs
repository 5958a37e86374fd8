#!/usr/bin/env node
// Pipelined requests against the built `siret-mock serve`: 200 connections from 127.0.0.1 (the per-client cap raised so
// that all 200 are accepted), each writing 1,000 requests at once (generate, healthz, the OpenAPI document and a lifetime
// quantity=100, in turn; about 70 KB) and reading nothing. The server's RSS every 100 ms, its peak, and 10 s after the
// clients close; a probe of normal requests from 127.0.0.2 throughout. Unread pipelined requests are what an unbounded
// server turns into request and response objects by the thousand; the bound on RSS says they are not.
// Usage: npm run build && node bench/pipelining.bench.mjs
import { connect } from 'node:net';
import { bench, establishedPeers, PASS, probe, PROBE_ADDRESS, startServe } from './support/attacked-server.mjs';

const CONNECTIONS = 200;
const PIPELINED = 1_000;
const TARGET_MB = 250;
const PATHS = [
  ['/api/v1/generate?quantity=50', ''],
  ['/healthz', ''],
  ['/api/v1/openapi.json', ''],
  ['/api/v1/generate?quantity=100', `Authorization: Bearer ${PASS}\r\n`],
];

const requests = Array.from({ length: PIPELINED }, (_, i) => {
  const [path, extra] = PATHS[i % PATHS.length];
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;
}).join('');

const server = await startServe(['--max-connections-per-client', String(CONNECTIONS + 10)]);
try {
  const baseline = server.rssMb();
  let peak = baseline;
  const rss = setInterval(() => (peak = Math.max(peak, server.rssMb())), 100);
  const probes = probe(server.port);
  const sockets = await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      () =>
        new Promise((resolve) => {
          const socket = connect(server.port, '127.0.0.1', () => {
            socket.pause();
            socket.write(requests);
            resolve(socket);
          });
          socket.on('error', () => undefined);
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const open = establishedPeers(server.port).filter((peer) => !peer.startsWith(PROBE_ADDRESS)).length;
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  clearInterval(rss);
  const after = server.rssMb();
  const served = await probes.stop();
  const met = peak < TARGET_MB && served.failures === 0 && server.child.exitCode === null;
  bench(
    `pipelining: ${CONNECTIONS} connections x ${PIPELINED.toLocaleString('en')} requests, unread: peak RSS`,
    peak,
    `< ${TARGET_MB} MB`,
    met,
    `${Math.round(baseline)} MB before, ${Math.round(after)} MB 10 s after the clients closed; ${open} of ${CONNECTIONS} connections ` +
      `still open after 15 s (more than 32 requests waiting resets one); probe from 127.0.0.2: ${served.probes} requests, ${served.failures} failed, p99 ${served.p99Ms} ms`,
    'MB',
  );
} finally {
  server.child.kill('SIGKILL');
}
