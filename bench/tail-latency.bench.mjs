#!/usr/bin/env node
// Tail latency at saturation: autocannon, 50 keep-alive connections, each sending its next request as soon as it has its
// answer (`/api/v1/generate?quantity=50`, lifetime tier, no access log), against three servers over the same app, each in
// a child process: ours (`createSiretServer`, as `siret-mock serve --tier lifetime --quiet` runs it), srvx's `serve()` over
// `createApp()`, and node:http with `createNodeListener(createApp())`. Rounds alternate between the three (a disturbed
// stretch of the machine hits all alike); each figure is the median over the rounds.
// With 50 requests always waiting, p50 is about 50 answers' CPU (Little's law); what p99 adds is time the server did not run.
// The server process's involuntary context switches (the kernel preempting it, /proc/<pid>/status) are reported with it.
// Usage: npm run build && node bench/tail-latency.bench.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serveNodeListener, serveOurs, serveSrvx, startServer } from './support/bench-servers.mjs';
import { median } from './support/paced-rounds.mjs';

const SELF = fileURLToPath(import.meta.url);
const PATH = '/api/v1/generate?quantity=50';
const CONNECTIONS = 50;
const WARMUP_S = 3;
const ROUND_S = 5;
const ROUNDS = 5;
const TARGET = 2;
/** Ours against srvx's serve() over the same app: what our connection layer may add to the tail. */
const GUARD = 1.5;

const preempted = (pid) => Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

async function round(server, seconds) {
  const before = preempted(server.child.pid);
  const result = await autocannon({ url: `http://127.0.0.1:${server.port}${PATH}`, connections: CONNECTIONS, duration: seconds });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${server.name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  const { p50, p99, max } = result.latency;
  return { p50, p99, max, ratio: p99 / p50, rps: result.requests.average, preemptedPerS: (preempted(server.child.pid) - before) / seconds };
}

function bench(metric, ratio, target, met, detail) {
  console.log(`BENCH ${JSON.stringify({ metric, ratio: Number(ratio.toFixed(2)), target, met, detail })}`);
}

async function main() {
  const servers = [];
  try {
    for (const name of ['ours', 'srvx', 'node']) servers.push({ name, ...(await startServer(SELF, [`--serve-${name}`])) });
    for (const server of servers) await round(server, WARMUP_S);
    const rounds = { ours: [], srvx: [], node: [] };
    for (let i = 0; i < ROUNDS; i++) {
      // Each server goes first in turn.
      for (let j = 0; j < servers.length; j++) {
        const server = servers[(i + j) % servers.length];
        rounds[server.name].push(await round(server, ROUND_S));
      }
    }
    const of = (name, key) => median(rounds[name].map((r) => r[key]));
    const figures = (name) =>
      `${name} p50 ${of(name, 'p50')} ms, p99 ${of(name, 'p99')} ms, max ${of(name, 'max')} ms, p99/p50 ${of(name, 'ratio').toFixed(2)}, ` +
      `${Math.round(of(name, 'rps'))} req/s, preempted ${Math.round(of(name, 'preemptedPerS'))} times/s`;
    const detail = `${figures('ours')}; ${figures('srvx')}; ${figures('node')}; medians of ${ROUNDS} rounds of ${ROUND_S} s`;
    const ours = of('ours', 'ratio');
    bench(
      `tail latency at saturation, ${CONNECTIONS} connections, quantity 50: p99/p50 of ours`,
      ours,
      `<= ${TARGET}`,
      ours <= TARGET,
      detail,
    );
    const vsSrvx = median(rounds.ours.map((r, i) => r.ratio / rounds.srvx[i].ratio));
    bench(
      `tail latency at saturation: ours vs srvx serve() over the same app, p99/p50`,
      vsSrvx,
      `<= ${GUARD} (guard)`,
      vsSrvx <= GUARD,
      `median of the per-round ratios ${rounds.ours.map((r, i) => (r.ratio / rounds.srvx[i].ratio).toFixed(2)).join(', ')}`,
    );
  } finally {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  }
}

const mode = process.argv[2];
if (mode === '--serve-ours') await serveOurs();
else if (mode === '--serve-srvx') await serveSrvx();
else if (mode === '--serve-node') await serveNodeListener();
else await main();
