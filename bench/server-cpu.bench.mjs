#!/usr/bin/env node
// Server CPU time per request at a fixed request rate, well below saturation: `siret-mock serve` (lifetime tier, memory
// store, so no 429s) against a bare node:http server answering a constant copy of our response (same body, same headers).
// Saturated throughput (bench/server.bench.mjs) measures the load generator as much as the server when both share two
// cores; here the load generator is paced, runs in a process of its own, and only the server process's CPU is counted:
// utime + stime from /proc/<pid>/stat, read before and after each round.
// Rounds alternate between the two servers (one disturbed stretch of the machine hits both alike); the ratio is the median
// of the per-round-pair ratios. Targets: <= 2.0x at quantity 5 (stretch 1.6x), <= 3.0x at quantity 50.
// Usage: npm run build && node bench/server-cpu.bench.mjs [--quantity 50]   (the servers run the built package, as
// `siret-mock serve` does; --quantity measures one of the quantities below only)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveBare, serveOurs } from './support/bench-servers.mjs';

const SELF = fileURLToPath(import.meta.url);
/** Requests per second: a tenth to a fifth of what our server sustains here at quantity 5 (about a quarter at 50). */
const RATE = 1_000;
const CONNECTIONS = 10;
const ROUND_S = 4;
const ROUNDS = 5;
// Paced warm-up of each server before its measured rounds. V8 is still optimising our server's code for several seconds at
// this rate (--trace-opt: compiles keep coming through the third 3 s round), and that compiling, on V8's worker threads,
// counts as server CPU: with 2 s, the first pairs measured start-up rather than the steady state.
const WARMUP_S = 6;
const QUANTITIES = [
  { quantity: 5, target: 2.0, stretch: 1.6 },
  { quantity: 50, target: 3.0 },
];
// Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s ticks on every mainstream architecture.
const TICK_US = 10_000;

// Child: the paced load generator (autocannon's overallRate spreads `rate` requests a second over the connections).
async function loadChild(url, rate, seconds) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, connections: CONNECTIONS, overallRate: rate, duration: seconds, pipelining: 1 });
  const summary = { requests: result.requests.total, errors: result.errors, non2xx: result.non2xx, p99: result.latency.p99 };
  process.stdout.write(`RESULT ${JSON.stringify(summary)}\n`);
}

function startServer(args) {
  const child = spawn(process.execPath, [SELF, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server ${args[0]} did not start`)), 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const match = /PORT (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    });
    child.once('exit', (code) => reject(new Error(`server ${args[0]} exited with ${code}`)));
  });
}

/** utime + stime of a process, in microseconds. */
function cpuUs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may itself hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** Runs one paced round against `url` from a fresh client process; returns the server's CPU per request. */
async function round(server, url, seconds) {
  const before = cpuUs(server.child.pid);
  const client = spawn(process.execPath, [SELF, '--load', url, String(RATE), String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  client.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => client.once('exit', resolve));
  const after = cpuUs(server.child.pid);
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) throw new Error(`load client failed (exit ${code}): ${out}`);
  const result = JSON.parse(line.slice(7));
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx responses`);
  return { usPerRequest: (after - before) / result.requests, requests: result.requests, p99: result.p99 };
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function bench(metric, ratio, target, met, detail) {
  console.log(`BENCH ${JSON.stringify({ metric, ratio: Number(ratio.toFixed(3)), target, met, detail })}`);
}

async function main() {
  const ours = await startServer(['--serve-ours']);
  const children = [ours.child];
  try {
    const only = process.argv.indexOf('--quantity');
    const quantities = only === -1 ? QUANTITIES : QUANTITIES.filter((q) => q.quantity === Number(process.argv[only + 1]));
    if (quantities.length === 0) throw new Error(`--quantity: one of ${QUANTITIES.map((q) => q.quantity).join(', ')}`);
    for (const { quantity, target, stretch } of quantities) {
      const path = `/api/v1/generate?quantity=${quantity}`;
      const oursUrl = `http://127.0.0.1:${ours.port}${path}`;
      const bare = await startServer(['--serve-bare', oursUrl]);
      children.push(bare.child);
      const bareUrl = `http://127.0.0.1:${bare.port}${path}`;
      await round(ours, oursUrl, WARMUP_S);
      await round(bare, bareUrl, WARMUP_S);
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
      const targetText = stretch ? `<= ${target.toFixed(1)} (stretch ${stretch})` : `<= ${target.toFixed(1)}`;
      const stretchText = stretch ? `, stretch ${ratio <= stretch ? 'met' : 'not met'}` : '';
      bench(
        `server CPU per request vs bare node:http, quantity ${quantity}, at ${RATE} req/s`,
        ratio,
        targetText,
        ratio <= target,
        `ours ${oursUs.toFixed(0)} us vs bare ${bareUs.toFixed(0)} us of server CPU per request (medians); ratio = median of ${ROUNDS} ` +
          `alternating round pairs (${pairs.map((pair) => pair.ratio.toFixed(2)).join(', ')}); ${ROUND_S} s rounds, ${CONNECTIONS} keep-alive ` +
          `connections, paced client in its own process, lifetime tier; p99 ours ${median(pairs.map((p) => p.ours.p99))} ms, bare ` +
          `${median(pairs.map((p) => p.bare.p99))} ms${stretchText}`,
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
else if (mode === '--load') await loadChild(process.argv[3], Number(process.argv[4]), Number(process.argv[5]));
else await main();
