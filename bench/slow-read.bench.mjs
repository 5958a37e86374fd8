#!/usr/bin/env node
// Slow readers against the built `siret-mock serve`: Debian's slowhttptest -X from 127.0.0.1, each connection asking for
// the demo's 600 KB bundle 8 times pipelined and taking 32 bytes every 5 s through a 1-512 byte window. Meanwhile a probe
// of normal requests (5 records) from 127.0.0.2, and `ss -tn state established` every 0.5 s for the server's own
// connections (slowhttptest's "closed" column does not see resets). Two runs:
//   - 500 readers, --max-connections-per-client 1024: every reader is held, and each is cut by the answer deadline;
//   - 1,100 readers, production defaults (past --max-connections 1024): the per-client cap holds 256, refuses the rest.
// The bound: an answer not handed over within --response-timeout (10 s, checked every second) resets its connection; one
// handed over to the kernel leaves the connection idle, closed by the 5 s keep-alive timeout (Node adds 1 s): 17 s at most.
// Usage: npm run build && node bench/slow-read.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bench, probe, startServe, watchConnections } from './support/attacked-server.mjs';

const BOUND_S = 17;
const ATTACK_S = 30;
const RUNS = [
  { readers: 500, args: ['--max-connections-per-client', '1024'], note: 'per-client cap raised to 1024' },
  { readers: 1_100, args: [], note: 'production defaults' },
];

if (spawnSync('slowhttptest', ['-h']).error) {
  bench(
    'slow readers: connections held past the bound',
    0,
    `<= ${BOUND_S} s`,
    false,
    'slowhttptest is not installed (apt-get install slowhttptest)',
    's',
  );
  process.exit(0);
}
const bundle = readdirSync(new URL('../dist/demo/assets/', import.meta.url)).find((name) => name.endsWith('.js'));

for (const { readers, args, note } of RUNS) {
  const server = await startServe(args);
  const work = mkdtempSync(join(tmpdir(), 'siret-slow-read-'));
  try {
    const baseline = server.rssMb();
    const watch = watchConnections(server.port);
    const probes = probe(server.port);
    let peakRss = baseline;
    const rss = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 500);
    const attack = spawn(
      'slowhttptest',
      [
        '-X',
        '-c',
        String(readers),
        '-r',
        '200',
        '-l',
        String(ATTACK_S - 5),
        '-k',
        '8',
        '-n',
        '5',
        '-z',
        '32',
        '-w',
        '1',
        '-y',
        '512',
        '-p',
        '5',
      ].concat(['-u', `http://127.0.0.1:${server.port}/assets/${bundle}`]),
      { cwd: work, stdio: 'ignore' },
    );
    await new Promise((resolve) => setTimeout(resolve, ATTACK_S * 1000));
    attack.kill('SIGKILL');
    clearInterval(rss);
    const held = watch.stop();
    const served = await probes.stop();
    const alive = server.child.exitCode === null;
    const stack = /\s{4}at /.test(server.stderr());
    const longest = held.longestHeldMs / 1000;
    const met = longest <= BOUND_S && served.failures === 0 && alive && !stack;
    bench(
      `slow readers (slowhttptest -X, 32 B every 5 s), ${readers.toLocaleString('en')} connections: longest held`,
      longest,
      `<= ${BOUND_S} s`,
      met,
      `${note}; ${held.connections} connections seen ESTABLISHED, at most ${held.peak} at once, ${held.openNow} left after ${ATTACK_S} s; ` +
        `probe from 127.0.0.2: ${served.probes} requests, ${served.failures} failed, p50 ${served.p50Ms} ms, p99 ${served.p99Ms} ms; ` +
        `RSS ${Math.round(baseline)} MB before, ${Math.round(peakRss)} MB peak${alive ? '' : '; the server exited'}${stack ? '; a stack was printed' : ''}`,
      's',
    );
  } finally {
    server.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}
