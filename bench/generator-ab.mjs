#!/usr/bin/env node
// A/B of two builds' record generation as a server runs it: the generate route of the built app (records and JSON body,
// the body then encoded to UTF-8 as the Node adapter does), without sockets, with the caches disturbed before each call as
// they are between two requests of a server (the load generator, the kernel and the rest of the request walk through
// memory meanwhile).
//
// Why: a tight loop keeps every table in cache, and there a table of ready-made strings is as fast as arithmetic; in the
// server, the same table is a cache miss per lookup (generation of 50 records: about 50 us in a tight loop, 100 us with 4 MB
// walked before each call). This finds in a minute what a server A/B needs many noisy rounds to see.
//
// Both builds are loaded in one process and called in pairs (the same seed for both), which one first drawn at random per
// pair: called strictly second, a build read up to 20% faster in an A/A run. The run is made twice, load order swapped, and
// B/A is the geometric mean of the two; an A/A run gives 1.00 (0.997 and 1.006 each way).
//
// Usage:   npm run build && cp -r dist /tmp/dist-before      # then make the change
//          npm run build && node bench/generator-ab.mjs /tmp/dist-before dist [--thrash-mb 4] [--quantity 50] [--calls 3000]
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { intOption } from './support/int-option.mjs';
import { median } from './support/paced-rounds.mjs';

const SELF = fileURLToPath(import.meta.url);

/** Child: both builds in this process, alternating; prints the medians of each (microseconds per call). */
async function measure(distA, distB, thrashMb, quantity, calls) {
  const builds = [];
  for (const dist of [distA, distB]) {
    // The generate route as the server runs it (lifetime tier: no quota), answering with the adapter's Response class,
    // whose raw parts hold the body text the server would encode.
    const { createApp, NodeResponse } = await import(new URL('src/node/index.js', dist).href);
    const app = createApp({ tier: 'lifetime' });
    const context = { Response: NodeResponse };
    builds.push(async (seed) => {
      const response = await app.fetch(new Request(`http://bench.test/api/v1/generate?quantity=${quantity}&seed=${seed}`), context);
      return NodeResponse.rawParts(response).body;
    });
  }
  const junk = new Float64Array((thrashMb * 1024 * 1024) / 8);
  let sink = 0;
  const thrash = () => {
    // One read and write per 64-byte line.
    for (let i = 0; i < junk.length; i += 8) sink += junk[i]++;
  };
  const encoder = new TextEncoder();
  const scratch = new Uint8Array(1024 * 1024);
  const call = async (build, seed) => encoder.encodeInto(await build(seed), scratch).written;
  // Warm-up: every table decoded, every function compiled.
  for (let i = 0; i < 4000; i++) for (const build of builds) sink += await call(build, Math.imul(i, 40503) >>> 0);
  const times = [[], []];
  for (let i = 0; i < 2 * calls; i++) {
    // Which build goes first in each pair follows a fixed pseudo-random pattern, the same for both runs.
    const which = (i & 1) ^ (Math.imul(i >> 1, 0x9e3779b1) >>> 31);
    thrash();
    const start = process.hrtime.bigint();
    sink += await call(builds[which], Math.imul(i >> 1, 2654435761) >>> 0);
    times[which].push(Number(process.hrtime.bigint() - start) / 1000);
  }
  if (sink === 0.5) console.log('');
  console.log(JSON.stringify({ a: median(times[0]), b: median(times[1]) }));
}

function main() {
  const [a, b] = process.argv.slice(2, 4);
  if (!a || !b || a.startsWith('--') || b.startsWith('--')) {
    console.error('usage: node bench/generator-ab.mjs <dist A> <dist B> [--thrash-mb 4] [--quantity 50] [--calls 3000]');
    process.exit(2);
  }
  const thrashMb = intOption('--thrash-mb', 4, 0);
  const quantity = intOption('--quantity', 50);
  const calls = intOption('--calls', 3000);
  const [urlA, urlB] = [a, b].map((dist) => pathToFileURL(`${resolve(dist)}/`).href);
  const run = (first, second) =>
    JSON.parse(
      execFileSync(process.execPath, [SELF, '--measure', first, second, String(thrashMb), String(quantity), String(calls)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }).trim(),
    );
  const forward = run(urlA, urlB);
  const backward = run(urlB, urlA);
  const ratio = Math.sqrt((forward.b / forward.a) * (backward.a / backward.b));
  const us = (n) => n.toFixed(1);
  console.log(
    `generate ${quantity} + JSON body, ${thrashMb} MB walked before each call, medians of ${calls} calls: ` +
      `A ${us(forward.a)} / ${us(backward.b)} us, B ${us(forward.b)} / ${us(backward.a)} us (A loaded first / second); ` +
      `B/A ${ratio.toFixed(3)} (B loaded second ${(forward.b / forward.a).toFixed(3)}, first ${(backward.a / backward.b).toFixed(3)})`,
  );
}

if (process.argv[2] === '--measure') {
  const [distA, distB, thrashMb, quantity, calls] = process.argv.slice(3);
  await measure(distA, distB, Number(thrashMb), Number(quantity), Number(calls));
} else main();
