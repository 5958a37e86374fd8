#!/usr/bin/env node
// Server CPU time per request at a fixed request rate, well below saturation: `siret-mock serve` (lifetime tier, memory
// store, so no 429s) against a bare node:http server answering a constant copy of our response (same body, same headers).
// Saturated throughput would measure the load generator as much as the server when both share two cores; here the load
// generator is paced, runs in a process of its own, and only the server process's CPU is counted: utime + stime from
// /proc/<pid>/stat, read before and after each round.
// Rounds alternate between the two servers (one disturbed stretch of the machine hits both alike); the ratio is the median
// of the per-round-pair ratios. A regression guard, not a target: at most 2.5x at quantity 5 and 4.0x at quantity 50.
// Usage: npm run build && node bench/server-cpu.bench.mjs [--quantity 50]   (the servers run the built package, as
// `siret-mock serve` does; --quantity measures one of the quantities below only)
import { fileURLToPath } from 'node:url';
import { serveBare, serveOurs, startServer } from './support/bench-servers.mjs';
import { CONNECTIONS, median, pacedRound, warmUp } from './support/paced-rounds.mjs';

const SELF = fileURLToPath(import.meta.url);
/** Requests per second: a tenth to a fifth of what our server sustains here at quantity 5 (about a quarter at 50). */
const RATE = 1_000;
const ROUND_S = 4;
const ROUNDS = 5;
const QUANTITIES = [
  { quantity: 5, guard: 2.5 },
  { quantity: 50, guard: 4.0 },
];

const round = (server, url, seconds) => pacedRound(server, url, RATE, seconds);

function bench(metric, ratio, target, met, detail) {
  console.log(`BENCH ${JSON.stringify({ metric, ratio: Number(ratio.toFixed(3)), target, met, detail })}`);
}

async function main() {
  const ours = await startServer(SELF, ['--serve-ours']);
  const children = [ours.child];
  try {
    const only = process.argv.indexOf('--quantity');
    const quantities = only === -1 ? QUANTITIES : QUANTITIES.filter((q) => q.quantity === Number(process.argv[only + 1]));
    if (quantities.length === 0) throw new Error(`--quantity: one of ${QUANTITIES.map((q) => q.quantity).join(', ')}`);
    for (const { quantity, guard } of quantities) {
      const path = `/api/v1/generate?quantity=${quantity}`;
      const oursUrl = `http://127.0.0.1:${ours.port}${path}`;
      const bare = await startServer(SELF, ['--serve-bare', oursUrl]);
      children.push(bare.child);
      const bareUrl = `http://127.0.0.1:${bare.port}${path}`;
      // Paced warm-up of each server (see warmUp): V8's compiling runs on its worker threads and counts as server CPU.
      await warmUp(ours, oursUrl, RATE);
      await warmUp(bare, bareUrl, RATE);
      const pairs = [];
      for (let i = 0; i < ROUNDS; i++) {
        // Alternate which server goes first, so neither always follows the other.
        const [a, b] =
          i % 2 === 0
            ? [await round(ours, oursUrl, ROUND_S), await round(bare, bareUrl, ROUND_S)]
            : swap(await round(bare, bareUrl, ROUND_S), await round(ours, oursUrl, ROUND_S));
        pairs.push({ ours: a, bare: b, ratio: a.usPerRequest / b.usPerRequest });
      }
      bare.child.kill('SIGTERM');
      const ratio = median(pairs.map((pair) => pair.ratio));
      const oursUs = median(pairs.map((pair) => pair.ours.usPerRequest));
      const bareUs = median(pairs.map((pair) => pair.bare.usPerRequest));
      bench(
        `server CPU per request vs bare node:http, quantity ${quantity}, at ${RATE} req/s`,
        ratio,
        `<= ${guard.toFixed(1)} (guard)`,
        ratio <= guard,
        `ours ${oursUs.toFixed(0)} us vs bare ${bareUs.toFixed(0)} us of server CPU per request (medians); ratio = median of ${ROUNDS} ` +
          `alternating round pairs (${pairs.map((pair) => pair.ratio.toFixed(2)).join(', ')}); ${ROUND_S} s rounds, ${CONNECTIONS} keep-alive ` +
          `connections, paced client in its own process, lifetime tier; p99 ours ${median(pairs.map((p) => p.ours.p99))} ms, bare ` +
          `${median(pairs.map((p) => p.bare.p99))} ms`,
      );
    }
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  }
}

function swap(first, second) {
  return [second, first];
}

const mode = process.argv[2];
if (mode === '--serve-ours') await serveOurs();
else if (mode === '--serve-bare') await serveBare(process.argv[3]);
else await main();
