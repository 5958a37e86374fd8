// Server CPU per request under a paced load, for bench/server-cpu.bench.mjs (ours vs bare): each paced round from a fresh
// client process (this file, run with --load), the server's utime + stime read from /proc/<pid>/stat before and after it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
/** Keep-alive connections of the paced client. */
export const CONNECTIONS = 10;
// Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s ticks on every mainstream architecture.
const TICK_US = 10_000;

/** utime + stime of a process, in microseconds. */
function cpuUs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may itself hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** Runs one paced round of `rate` requests a second against `url`; returns the server's CPU per request. */
export async function pacedRound(server, url, rate, seconds) {
  const before = cpuUs(server.child.pid);
  const client = spawn(process.execPath, [SELF, '--load', url, String(rate), String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
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

// Warm-up before measured rounds: several short paced rounds, each from a fresh client as the measured ones are, not one
// long round. The end of a round (its client exits, its connections close) deoptimises Node's socket and HTTP code, which
// V8 then compiles again, on the server's CPU: the first rounds after a single long warm-up would count that compiling.
const WARMUP_ROUNDS = 4;
const WARMUP_ROUND_S = 2;

/** Runs the warm-up rounds against a server (about 8 s); returns nothing worth keeping. */
export async function warmUp(server, url, rate) {
  for (let i = 0; i < WARMUP_ROUNDS; i++) await pacedRound(server, url, rate, WARMUP_ROUND_S);
}

/** The median of a non-empty list. */
export function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Child: the paced load generator (autocannon's overallRate spreads `rate` requests a second over the connections).
async function loadChild(url, rate, seconds) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, connections: CONNECTIONS, overallRate: rate, duration: seconds, pipelining: 1 });
  const summary = { requests: result.requests.total, errors: result.errors, non2xx: result.non2xx, p99: result.latency.p99 };
  process.stdout.write(`RESULT ${JSON.stringify(summary)}\n`);
}

if (process.argv[1] === SELF && process.argv[2] === '--load') {
  await loadChild(process.argv[3], Number(process.argv[4]), Number(process.argv[5]));
}
