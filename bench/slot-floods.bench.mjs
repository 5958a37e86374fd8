#!/usr/bin/env node
// Connection slots taken from a few addresses, against the built `siret-mock serve` with production defaults
// (--max-connections 1024, --max-connections-per-client 256). An attacker (a worker thread) keeps about 1,100 connections
// open from 4 addresses (127.0.0.3-6, 256 each: the per-client cap) or from 49 (127.0.0.3-51, 23 each), opening at most
// 400 a second, and opens a new one whenever the server ends one. It reads what the server sends but never closes its own
// side. Three kinds of connection:
//   - idle: connects and sends nothing;
//   - slowloris: a request line, then one header line every 2 s;
//   - slow body: a POST head with Content-Length: 1000, then one body byte every 2 s.
// Meanwhile a new client (127.0.0.2) opens a fresh connection every 100 ms for a normal request: its failure rate (no 200
// within 5 s) is the figure, bound 5%.
// Usage: npm run build && node bench/slot-floods.bench.mjs [kind[:addresses]...] [--ci]   e.g. `idle:4 body`
//   --ci: 8 s of probes instead of 20, and exit 1 when a bound is missed (.ci/stress.sh runs two of the six this way).
import { connect } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { bench, establishedPeers, probe, PROBE_ADDRESS, startServe } from './support/attacked-server.mjs';

const TOTAL = 1_100;
const PER_CLIENT_CAP = 256;
const RATE_PER_S = 400;
const TRICKLE_MS = 2_000;
const BOUND = 0.05;
const HEADS = {
  idle: '',
  slowloris: 'GET /api/v1/generate HTTP/1.1\r\nHost: 127.0.0.1\r\n',
  body: 'POST /api/v1/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n',
};
const TRICKLES = { idle: '', slowloris: 'x-a: b\r\n', body: 'a' };

/** The attacker: keeps `perAddress` connections of `kind` open from each address until told to stop. */
function attack({ port, addresses, perAddress, kind }) {
  const held = new Map(addresses.map((address) => [address, 0]));
  const sockets = new Set();
  let opened = 0;
  const open = (address) => {
    held.set(address, held.get(address) + 1);
    opened++;
    const socket = connect({ port, host: '127.0.0.1', localAddress: address, allowHalfOpen: true });
    sockets.add(socket);
    let live = true;
    // The server ended it (a FIN: this side stays open, as a client that never closes) or cut it: open another.
    const gone = () => {
      if (!live) return;
      live = false;
      clearInterval(trickle);
      held.set(address, held.get(address) - 1);
    };
    let trickle;
    socket.on('connect', () => {
      if (HEADS[kind]) socket.write(HEADS[kind]);
      if (TRICKLES[kind]) trickle = setInterval(() => live && socket.write(TRICKLES[kind]), TRICKLE_MS);
    });
    socket.on('data', () => undefined);
    socket.on('end', gone);
    socket.on('close', () => {
      gone();
      sockets.delete(socket);
    });
    socket.on('error', () => undefined);
  };
  const tick = 20;
  const timer = setInterval(() => {
    let budget = (RATE_PER_S * tick) / 1000;
    for (const address of addresses) {
      while (budget > 0 && held.get(address) < perAddress) {
        open(address);
        budget--;
      }
    }
  }, tick);
  parentPort.on('message', () => {
    clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    parentPort.postMessage({ opened });
  });
}

if (!isMainThread) {
  attack(workerData);
} else {
  const args = process.argv.slice(2);
  const ci = args.includes('--ci');
  const asked = args.filter((arg) => arg !== '--ci').map((arg) => arg.split(':'));
  const runs = Object.keys(HEADS)
    .flatMap((kind) => [4, 49].map((count) => [kind, count]))
    .filter(([kind, count]) => asked.length === 0 || asked.some(([k, c]) => k === kind && (c === undefined || Number(c) === count)));
  const probeS = ci ? 8 : 20;
  let missed = false;
  for (const [kind, count] of runs) {
    {
      const addresses = Array.from({ length: count }, (_, i) => `127.0.0.${3 + i}`);
      const perAddress = Math.min(PER_CLIENT_CAP, Math.ceil(TOTAL / count));
      const server = await startServe();
      try {
        const attacker = new Worker(new URL(import.meta.url), { workerData: { port: server.port, addresses, perAddress, kind } });
        // Fill the slots (1,100 at 400 a second), then probe.
        await new Promise((resolve) => setTimeout(resolve, 3_500));
        const held = establishedPeers(server.port).filter((peer) => !peer.startsWith(`${PROBE_ADDRESS}:`)).length;
        const probes = probe(server.port, 100, { fresh: true });
        await new Promise((resolve) => setTimeout(resolve, probeS * 1000));
        const served = await probes.stop();
        attacker.postMessage('stop');
        const { opened } = await new Promise((resolve) => attacker.once('message', resolve));
        await attacker.terminate();
        const rate = served.failures / served.probes;
        const met = rate <= BOUND && server.child.exitCode === null;
        missed ||= !met;
        bench(
          `slot flood, ${kind}, ${count} addresses: probe failure rate`,
          rate * 100,
          `<= ${BOUND * 100} %`,
          met,
          `${held} attack connections held when probing began, ${opened} opened in all (${perAddress} kept per address); ` +
            `fresh connections from ${PROBE_ADDRESS} every 100 ms for ${probeS} s: ${served.probes} requests, ${served.failures} failed, p50 ${served.p50Ms} ms, p99 ${served.p99Ms} ms`,
          '%',
        );
      } finally {
        server.child.kill('SIGKILL');
      }
    }
  }
  if (ci && missed) process.exitCode = 1;
}
