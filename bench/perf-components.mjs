#!/usr/bin/env node
// Splits a server's CPU samples into components, in microseconds per request: the table of "Where the time goes" in
// BENCHMARKS.md. Record the server process with Linux perf while a paced round runs, then classify:
//   node --perf-basic-prof bench/server-cpu.bench.mjs --serve-ours            # prints PORT n (its pid: ss -ltnp)
//   perf record -F 9999 -g -p <pid> -o ours.data -- sleep 4.6 &
//   node bench/support/paced-rounds.mjs --load 'http://127.0.0.1:<n>/api/v1/generate?quantity=5' 1000 4   # prints requests
//   node bench/perf-components.mjs ours.data <requests> <pid>
// Samples of other threads (V8's GC helpers and compiler) are one component; a main-thread sample goes to the first of
// the whole-stack components below that its stack passes through, else to the innermost frame naming another component.
// perf's own sampling adds to every figure (about 1.5x here): compare rows, and take totals from the bench's /proc figures.
import { execFileSync } from 'node:child_process';

const [data, requests, mainTid, hz = '9999'] = process.argv.slice(2);
if (!data || !requests || !mainTid) {
  console.error('usage: node bench/perf-components.mjs <perf.data> <requests> <main thread id (the pid)> [sampling Hz]');
  process.exit(2);
}
const OTHER_THREADS = 'other threads (GC helpers, JIT compiler)';
const REST = 'event loop, epoll, timers, other';
// Whole-stack components first (a sample anywhere under them is theirs), in this order; then the innermost frame of the
// stack that names one of the others.
const WHOLE_STACK = [
  ['record generation (generateCompanies)', ['generateCompanies']],
  ['body encoding (flatten and UTF-8)', ['encodeBody', 'fromString', 'ncodeInto', 'WriteUtf8', 'WriteToFlat', 'SlowFlatten', 'CopyChars']],
  ['socket write (writev and kernel TCP)', ['StreamBase::Writev', 'StreamBase::WriteString', '__GI___writev', '__GI___write']],
  ['garbage collection, main thread', ['Scaveng', 'Heap::', 'MarkCompact', 'GCTracer', 'IncrementalMarking']],
];
const INNERMOST = [
  // By file: the built package puts src/http in its service chunk and src/node in the node-adapter and create-server ones.
  ['service handler: routing, parameters, JSON body (src/http)', ['/src/http/', '/chunks/service-', '/chunks/create-app-']],
  ['adapter and server listener (src/node)', ['/src/node/', '/chunks/node-adapter-', '/chunks/create-server-']],
  ["the bare server's handler", ['bench-servers.mjs']],
  ['Node HTTP: parser, response objects, finish', ['Parser::', 'node:_http', 'node:internal/streams', 'node:events', 'node:net', 'llhttp']],
];
const COMPONENTS = [...WHOLE_STACK, ...INNERMOST];

const script = execFileSync('perf', ['script', '-i', data, '-F', 'tid,ip,sym'], { encoding: 'utf8', maxBuffer: 1 << 30 });
const counts = new Map();
const add = (name) => counts.set(name, (counts.get(name) ?? 0) + 1);
for (const block of script.split('\n\n')) {
  const lines = block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) continue;
  const [tid, ...first] = lines[0].split(/\s+/);
  if (tid !== mainTid) {
    add(OTHER_THREADS);
    continue;
  }
  // Each line is "address symbol"; the first also starts with the thread id. Leaf first.
  const frames = [first.slice(1).join(' '), ...lines.slice(1).map((line) => line.slice(line.indexOf(' ') + 1))];
  const named = (frame, [, keys]) => keys.some((key) => frame.includes(key));
  let found = WHOLE_STACK.find((component) => frames.some((frame) => named(frame, component)))?.[0];
  for (const frame of found ? [] : frames) {
    found = INNERMOST.find((component) => named(frame, component))?.[0];
    if (found) break;
  }
  add(found ?? REST);
}
const perSample = 1e6 / Number(hz) / Number(requests);
let total = 0;
for (const name of [OTHER_THREADS, ...COMPONENTS.map(([name]) => name), REST]) {
  const n = counts.get(name) ?? 0;
  total += n;
  if (n > 0) console.log(`${(n * perSample).toFixed(1).padStart(7)}  ${name}`);
}
console.log(`${(total * perSample).toFixed(1).padStart(7)}  total under perf (us per request)`);
