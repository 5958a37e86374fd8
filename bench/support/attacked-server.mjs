// A built `siret-mock serve` process to attack, what the kernel says about its connections, and a probe of normal requests
// from a second loopback address: shared by bench/slow-read.bench.mjs and bench/pipelining.bench.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/src/node/cli.js', import.meta.url));
export const PASS = 'bench-pass';
/** The address probes come from: another client than the attacker (127.0.0.1) for the per-client connection cap. */
export const PROBE_ADDRESS = '127.0.0.2';

/** Starts `siret-mock serve --port 0 --quiet --pass PASS ...args`; resolves once it listens. */
export function startServe(args = []) {
  if (!existsSync(CLI)) {
    console.error(`needs the built package: no ${CLI} (run \`npm run build\` first)`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--quiet', '--pass', PASS, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]), stderr: () => stderr, rssMb: () => rssMb(child.pid) });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** The server's ESTABLISHED connections on `port`, as `address:port` of each client (`ss -tn state established`). */
export function establishedPeers(port) {
  const out = execFileSync('ss', ['-tnH', 'state', 'established', `( sport = :${port} )`], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/).at(-1))
    .filter((peer) => peer !== undefined && peer !== '');
}

/**
 * Samples the server's ESTABLISHED connections every `everyMs` until `stop()`; returns, per client address, the peak
 * count and the longest time one connection was seen open (from its first to its last sample).
 */
export function watchConnections(port, everyMs = 500) {
  const seen = new Map();
  let peak = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const peers = establishedPeers(port);
    peak = Math.max(peak, peers.filter((peer) => !peer.startsWith(PROBE_ADDRESS)).length);
    for (const peer of peers) {
      const entry = seen.get(peer);
      if (entry === undefined) seen.set(peer, { first: now, last: now });
      else entry.last = now;
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const held = [...seen].filter(([peer]) => !peer.startsWith(PROBE_ADDRESS)).map(([, entry]) => entry.last - entry.first);
      return { peak, connections: held.length, longestHeldMs: Math.max(0, ...held), openNow: establishedPeers(port).length };
    },
  };
}

/**
 * Normal requests (5 records, lifetime pass) from PROBE_ADDRESS every `everyMs` until `stop()`; latencies and failures (no
 * 200 within 5 s). By default one at a time over two kept-alive connections; `fresh`: each on a new connection, started on
 * schedule whether or not the one before has finished (what a new client meets when connection slots run out).
 */
export function probe(port, everyMs = 50, { fresh = false } = {}) {
  const agent = fresh ? false : new Agent({ keepAlive: true, maxSockets: 2, localAddress: PROBE_ADDRESS });
  const results = [];
  let running = true;
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      let status = 0;
      const done = () => resolve({ ms: performance.now() - started, status });
      const deadline = setTimeout(() => req.destroy(), 5_000);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/generate?quantity=5',
          headers: { authorization: `Bearer ${PASS}`, ...(fresh ? { connection: 'close' } : {}) },
          agent,
          localAddress: PROBE_ADDRESS,
        },
        (res) => {
          res.resume();
          res.on('end', () => (status = res.statusCode ?? 0));
        },
      );
      req.on('error', () => undefined);
      req.on('close', () => {
        clearTimeout(deadline);
        done();
      });
      req.end();
    });
  const loop = (async () => {
    const pending = [];
    while (running) {
      const one = once().then((result) => results.push(result));
      if (fresh) pending.push(one);
      else await one;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await Promise.all(pending);
  })();
  return {
    async stop() {
      running = false;
      await loop;
      if (agent) agent.destroy();
      const ms = results.map((result) => result.ms).sort((a, b) => a - b);
      return {
        probes: results.length,
        failures: results.filter((result) => result.status !== 200).length,
        p50Ms: Math.round(ms[Math.floor(ms.length * 0.5)] ?? NaN),
        p99Ms: Math.round(ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] ?? NaN),
      };
    },
  };
}

/** A connection to the server from `localAddress` (any of 127/8 on Linux); resolves once connected. */
export function connectFrom(port, localAddress) {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** Prints one `BENCH {...}` line for bench/run.mjs. */
export function bench(metric, ratio, target, met, detail, unit) {
  console.log(`BENCH ${JSON.stringify({ metric, ratio: Number(ratio.toFixed(2)), ...(unit ? { unit } : {}), target, met, detail })}`);
}
