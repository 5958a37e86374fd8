#!/usr/bin/env node
// A/B of two builds of the server: CPU per request of `siret-mock serve`'s server (lifetime tier, no access log) built from
// two `dist/` directories, measured as bench/server-cpu.bench.mjs measures ours against bare (paced 1,000 req/s, a fresh
// client process per round, utime + stime from /proc), in alternating rounds after a warm-up of each. Prints the medians
// and B/A, the median of the per-pair ratios, with every pair.
//
// Why: run to run, the server-cpu ratio of one build moves by +-10%, more than most changes; tight loops miss what a change
// does to a server (comparing names without a Set was 8% faster in a loop and 4% slower in the server). Two builds side by
// side in one run show it.
//
// --both-orders makes the whole run twice, A's server started first then B's, and gives the geometric mean of the two B/A
// (the advice below, done in one command). One run's median moves by 4-5%: the two halves of an A/A run side by side with
// 8 pairs gave 0.961 and 0.992, another A/A run 1.048.
//
// --side-by-side runs each pair's two rounds at the same time (two paced clients, both servers loaded at once) instead of
// one after the other: a disturbed stretch of this shared machine then hits both builds alike. An A/A run (one build
// against itself, 12 pairs) gave per-pair ratios 0.84-1.17 with half of them in 1.00-1.06 side by side, against 0.51-1.69
// alternating; the second server started read about 2% slower, so run it both ways round (--both-orders).
//
// Usage:   npm run build && cp -r dist /tmp/dist-before      # then make the change
//          npm run build && node bench/server-ab.mjs /tmp/dist-before dist [--quantity 50] [--pairs 10] [--seconds 3]
//          [--side-by-side] [--both-orders]
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveOurs, startServer } from './support/bench-servers.mjs';
import { intOption as option } from './support/int-option.mjs';
import { median, pacedRound, warmUp } from './support/paced-rounds.mjs';

const SELF = fileURLToPath(import.meta.url);
const RATE = 1_000;

async function main() {
  const [a, b] = process.argv.slice(2, 4);
  if (!a || !b || a.startsWith('--') || b.startsWith('--')) {
    console.error(
      'usage: node bench/server-ab.mjs <dist A> <dist B> [--quantity 50] [--pairs 10] [--seconds 3] [--side-by-side] [--both-orders]',
    );
    process.exit(2);
  }
  const settings = {
    quantity: option('--quantity', 50),
    pairs: option('--pairs', 10),
    seconds: option('--seconds', 3),
    sideBySide: process.argv.includes('--side-by-side'),
  };
  if (!process.argv.includes('--both-orders')) {
    await measure(a, b, true, settings);
    return;
  }
  // Each order once: the geometric mean cancels what the start order does to the second server.
  const aFirst = await measure(a, b, true, settings);
  const bFirst = await measure(a, b, false, settings);
  console.log(
    `both orders: B/A ${Math.sqrt(aFirst * bFirst).toFixed(3)} (A started first ${aFirst.toFixed(3)}, B started first ${bFirst.toFixed(3)})`,
  );
}

/** One run: both servers started (A first or B first), warmed up, then measured in round pairs; returns B/A. */
async function measure(a, b, aFirst, { quantity, pairs, seconds, sideBySide }) {
  const servers = [];
  try {
    for (const dist of aFirst ? [a, b] : [b, a]) {
      const server = await startServer(SELF, ['--serve', pathToFileURL(`${resolve(dist)}/`).href]);
      servers.push({ ...server, url: `http://127.0.0.1:${server.port}/api/v1/generate?quantity=${quantity}` });
    }
    const [serverA, serverB] = aFirst ? servers : [servers[1], servers[0]];
    const round = (server) => pacedRound(server, server.url, RATE, seconds).then((r) => r.usPerRequest);
    await warmUp(serverA, serverA.url, RATE);
    await warmUp(serverB, serverB.url, RATE);
    const results = [];
    for (let i = 0; i < pairs; i++) {
      // Alternate which build goes first, so neither always follows the other.
      if (sideBySide) {
        const [first, second] = i % 2 === 0 ? [serverA, serverB] : [serverB, serverA];
        const [usFirst, usSecond] = await Promise.all([round(first), round(second)]);
        results.push(i % 2 === 0 ? { usA: usFirst, usB: usSecond } : { usA: usSecond, usB: usFirst });
      } else if (i % 2 === 0) {
        const usA = await round(serverA);
        results.push({ usA, usB: await round(serverB) });
      } else {
        const usB = await round(serverB);
        results.push({ usA: await round(serverA), usB });
      }
    }
    const ratios = results.map((r) => r.usB / r.usA);
    const sorted = [...ratios].sort((x, y) => x - y);
    const quartiles = `${sorted[Math.floor(pairs / 4)].toFixed(2)}-${sorted[Math.floor((3 * pairs) / 4)].toFixed(2)}`;
    const ratio = median(ratios);
    console.log(
      `quantity ${quantity}, ${aFirst ? 'A' : 'B'} started first: A ${median(results.map((r) => r.usA)).toFixed(0)} us, ` +
        `B ${median(results.map((r) => r.usB)).toFixed(0)} us of server CPU per request (medians); B/A ${ratio.toFixed(3)}, ` +
        `middle half ${quartiles} (median of ${pairs} ${sideBySide ? 'side-by-side' : 'alternating'} ${seconds} s round ` +
        `pairs at ${RATE} req/s: ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    );
    return ratio;
  } finally {
    for (const { child } of servers) if (child.exitCode === null) child.kill('SIGTERM');
  }
}

if (process.argv[2] === '--serve') await serveOurs(new URL(process.argv[3]));
else await main();
