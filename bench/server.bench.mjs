#!/usr/bin/env node
// Server throughput: `siret-mock serve` (lifetime tier, memory store) against a bare node:http server that answers a constant
// copy of one of our responses (same body, same headers). Both run in child processes of this one, on the same Node, so
// autocannon's own CPU is not theirs; the bare server is the cost of Node's HTTP alone, so the ratio is the price of our
// own per-request work (parsing, generating the records, serialising, the adapter).
// Prints BENCH lines for requests/s and p99 latency at quantities 5 and 50 (reported beside the CPU-per-request targets of
// server-cpu.bench.mjs), and
// the ceiling: the same adapter answering a constant response, against the same bare server.
// Usage: npm run build && node bench/server.bench.mjs   (the servers run the built package, as `siret-mock serve` does)
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { importBuiltNode, serveBare, serveOurs, startServer } from './support/bench-servers.mjs';

const SELF = fileURLToPath(import.meta.url);
const CONNECTIONS = 50;
const ROUNDS = 3;
const ROUND_S = 2;
const WARMUP_S = 1;
const QUANTITIES = [5, 50];

const mode = process.argv[2];
if (mode === '--serve-ours') await serveOurs();
else if (mode === '--serve-bare') await serveBare(process.argv[3]);
else if (mode === '--serve-constant') await serveConstant(process.argv[3]);
else await main();

// Child: our node:http adapter (createNodeListener) in front of a handler that answers one constant response (same status,
// headers and body as the real handler). Its ratio to the bare server is the ceiling any handler can reach through our
// adapter on this machine: what is left between it and ours is the handler's own work (drawing and serialising records).
async function serveConstant(quantity) {
  const { createApp, createNodeListener, NodeResponse } = await importBuiltNode();
  const app = createApp({ tier: 'lifetime' });
  const sample = await app.fetch(new Request(`http://127.0.0.1/api/v1/generate?quantity=${quantity}`));
  const body = await sample.text();
  const headers = [...sample.headers];
  // The adapter's own Response, as the real handler answers through it.
  const server = http.createServer(createNodeListener({ fetch: async () => new NodeResponse(body, { status: 200, headers }) }));
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`PORT ${server.address().port}\n`);
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

async function load(url, seconds) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx responses`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

// Requests/s over all rounds; p99 as the median of the rounds' p99s (one disturbed round does not decide it).
function combine(runs) {
  const p99s = runs.map((run) => run.p99).sort((x, y) => x - y);
  return { rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length, p99: p99s[Math.floor(p99s.length / 2)] };
}

function bench(metric, ratio, target, met, detail) {
  console.log(`BENCH ${JSON.stringify({ metric, ratio: Number(ratio.toFixed(3)), target, met, detail })}`);
}

async function main() {
  const ours = await startServer(SELF, ['--serve-ours']);
  const children = [ours.child];
  try {
    for (const quantity of QUANTITIES) {
      const path = `/api/v1/generate?quantity=${quantity}`;
      const oursUrl = `http://127.0.0.1:${ours.port}${path}`;
      const bare = await startServer(SELF, ['--serve-bare', oursUrl]);
      children.push(bare.child);
      const bareUrl = `http://127.0.0.1:${bare.port}${path}`;
      const constant = await startServer(SELF, ['--serve-constant', String(quantity)]);
      children.push(constant.child);
      const constantUrl = `http://127.0.0.1:${constant.port}${path}`;
      await load(oursUrl, WARMUP_S);
      await load(bareUrl, WARMUP_S);
      await load(constantUrl, WARMUP_S);
      // Alternating short rounds, so that load from elsewhere on the machine hits all servers alike.
      const oursRuns = [];
      const bareRuns = [];
      const constantRuns = [];
      for (let round = 0; round < ROUNDS; round++) {
        oursRuns.push(await load(oursUrl, ROUND_S));
        bareRuns.push(await load(bareUrl, ROUND_S));
        constantRuns.push(await load(constantUrl, ROUND_S));
      }
      const a = combine(oursRuns);
      const b = combine(bareRuns);
      const c = combine(constantRuns);
      bare.child.kill('SIGTERM');
      constant.child.kill('SIGTERM');
      const rpsRatio = a.rps / b.rps;
      const p99Ratio = a.p99 / Math.max(b.p99, 1);
      const detail = (x) => `ours ${x.rps.toFixed(0)} req/s p99 ${x.p99} ms`;
      const raw = `${detail(a)}; bare node:http ${b.rps.toFixed(0)} req/s p99 ${b.p99} ms; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_S} s, lifetime tier`;
      // Saturated figures are reported, not targets: with the load generator on the same two cores they measure it as much as
      // the server (#11 restated the target as CPU per request at a fixed rate: server-cpu.bench.mjs).
      bench(`server req/s vs bare node:http, quantity ${quantity}`, rpsRatio, 'reported', true, raw);
      bench(`server p99 latency vs bare node:http, quantity ${quantity}`, p99Ratio, 'reported', true, raw);
      const ceiling = c.rps / b.rps;
      bench(
        `ceiling: our adapter answering a constant vs bare node:http, quantity ${quantity}`,
        ceiling,
        'reported',
        true,
        `createNodeListener answering a constant: ${c.rps.toFixed(0)} req/s p99 ${c.p99} ms; bare node:http ${b.rps.toFixed(0)} req/s; ` +
          `ours (${a.rps.toFixed(0)} req/s) is ${(a.rps / c.rps).toFixed(2)}x of this ceiling`,
      );
    }
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  }
}
