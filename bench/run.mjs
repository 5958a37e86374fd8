#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.mjs in its own Node process (one at a time, so they do not compete for the two
// cores), collects the `BENCH {...}` lines each prints, and prints one table of ratios with their targets.
// A bench script measures its own baseline in the same run and prints, per figure:
//   BENCH {"metric":"generator throughput vs naive fakerFR loop","ratio":12.3,"target":">= 10","met":true,"detail":"..."}
// Usage: npm run bench [-- name-filter]
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs') && (!filter || f.includes(filter)))
  .sort();
const rows = [];
for (const file of files) {
  process.stderr.write(`\n== ${file}\n`);
  const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(new URL(file, import.meta.url))], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const line of run.stdout.split('\n')) {
    if (line.startsWith('BENCH ')) rows.push({ file, ...JSON.parse(line.slice(6)) });
    else if (line.trim()) process.stderr.write(line + '\n');
  }
  if (run.status !== 0) rows.push({ file, metric: `${file} failed (exit ${run.status})`, ratio: NaN, target: '-', met: false });
}

const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const fmt = (n) => (typeof n === 'number' && Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2)) : String(n));
const table = [
  '| metric | measured | target | met | detail |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.metric} | ${fmt(r.ratio)}${r.unit ? ' ' + r.unit : 'x'} | ${r.target} | ${String(r.target).startsWith('reported') ? '-' : r.met ? 'yes' : 'NO'} | ${r.detail ?? ''} |`,
  ),
].join('\n');
console.log(`\nsiret-mock benchmarks: ${machine}\n\n${table}\n`);
mkdirSync(new URL('../test-artifacts/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../test-artifacts/bench-results.json', import.meta.url),
  JSON.stringify({ machine, date: new Date().toISOString(), rows }, null, 2),
);
// A missed target is reported, not fatal; a bench script that crashed is.
process.exitCode = rows.some((r) => Number.isNaN(r.ratio)) ? 1 : 0;
