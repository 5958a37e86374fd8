#!/usr/bin/env node
// Server CPU time per request at a fixed request rate, well below saturation, for three servers over the same records:
// `siret-mock serve` (lifetime tier, memory store, so no 429s); srvx's own `serve()` over `createApp` with the same
// options, which is what our server would be without its own layer (answer deadline, pipelining and connection bounds,
// Host check, refusals, demo files); and a bare node:http server answering a constant copy of our response.
// The guard is ours against srvx: what our layer adds. Against bare node:http is reported only, because most of that gap
// is drawing the records and the fetch Request/Response around them, which srvx alone pays too.
// The load generator is paced and runs in a process of its own; only the server process's CPU is counted (utime + stime
// from /proc/<pid>/stat, before and after each round). Each round runs the three servers one after another, in an order
// that rotates from round to round, so a disturbed stretch of the machine hits them alike; a ratio is the median of the
// per-round ratios.
// Usage: npm run build && node bench/server-cpu.bench.mjs [--quantity 50]   (--quantity measures one quantity only)
import { fileURLToPath } from 'node:url';
import { serveBare, serveOurs, serveSrvx, startServer } from './support/bench-servers.mjs';
import { CONNECTIONS, median, pacedRound, warmUp } from './support/paced-rounds.mjs';

const SELF = fileURLToPath(import.meta.url);
/** Requests per second: well below what each server sustains here at either quantity. */
const RATE = 1_000;
const ROUND_S = 4;
const ROUNDS = 6;
const QUANTITIES = [5, 50];
/** The most CPU per request our server may take over srvx alone over the same app. */
const GUARD = 1.25;

function bench(metric, ratio, target, met, detail) {
  console.log(`BENCH ${JSON.stringify({ metric, ratio: Number(ratio.toFixed(3)), target, met, detail })}`);
}

const spread = (values) => `${Math.min(...values).toFixed(2)} to ${Math.max(...values).toFixed(2)}`;

async function main() {
  const ours = await startServer(SELF, ['--serve-ours']);
  const srvx = await startServer(SELF, ['--serve-srvx']);
  const children = [ours.child, srvx.child];
  try {
    const only = process.argv.indexOf('--quantity');
    const quantities = only === -1 ? QUANTITIES : QUANTITIES.filter((q) => q === Number(process.argv[only + 1]));
    if (quantities.length === 0) throw new Error(`--quantity: one of ${QUANTITIES.join(', ')}`);
    for (const quantity of quantities) {
      const path = `/api/v1/generate?quantity=${quantity}`;
      const bare = await startServer(SELF, ['--serve-bare', `http://127.0.0.1:${ours.port}${path}`]);
      children.push(bare.child);
      const servers = [ours, srvx, bare].map((server) => ({ ...server, url: `http://127.0.0.1:${server.port}${path}` }));
      // Paced warm-up of each server (see warmUp): V8's compiling runs on its worker threads and counts as server CPU.
      for (const server of servers) await warmUp(server, server.url, RATE);
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) {
        const us = [];
        for (let k = 0; k < servers.length; k++) {
          const at = (i + k) % servers.length;
          us[at] = (await pacedRound(servers[at], servers[at].url, RATE, ROUND_S)).usPerRequest;
        }
        rounds.push({ ours: us[0], srvx: us[1], bare: us[2] });
      }
      bare.child.kill('SIGTERM');
      const overSrvx = rounds.map((r) => r.ours / r.srvx);
      const overBare = rounds.map((r) => r.ours / r.bare);
      const us = (name) => median(rounds.map((r) => r[name])).toFixed(0);
      const how = `${ROUNDS} rounds of ${ROUND_S} s at ${RATE} req/s, ${CONNECTIONS} keep-alive connections, lifetime tier`;
      bench(
        `server CPU per request vs srvx serve() over the same app, quantity ${quantity}`,
        median(overSrvx),
        `<= ${GUARD} (guard)`,
        median(overSrvx) <= GUARD,
        `ours ${us('ours')} us vs srvx ${us('srvx')} us per request (medians); per round ${spread(overSrvx)}; ${how}`,
      );
      bench(
        `server CPU per request vs bare node:http, quantity ${quantity}`,
        median(overBare),
        'reported',
        true,
        `ours ${us('ours')} us vs bare ${us('bare')} us; per round ${spread(overBare)}`,
      );
    }
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  }
}

const mode = process.argv[2];
if (mode === '--serve-ours') await serveOurs();
else if (mode === '--serve-srvx') await serveSrvx();
else if (mode === '--serve-bare') await serveBare(process.argv[3]);
else await main();
