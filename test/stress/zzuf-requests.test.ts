import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../fuzz/fuzz-scale.js';
import { startServerProcess, type ServerProcess } from '../services/server-process.js';

// A mutational pass with a fuzzer we did not write: Debian's zzuf flips random bits (0.4% to 5% of them) in valid raw
// requests, and each mutant goes to a real `siret-mock serve` process over TCP. Nothing may end the process or print a
// stack, no reply may be a 5xx or carry a stack frame or a path of the machine, and /healthz answers after every batch.
// Needs zzuf (Debian package; .ci/run installs it). `FUZZ_SEED=<n>` shifts the zzuf seeds to replay another range.

const CASES = scaled(1_500, 20_000);
const BATCH = 25;
const PASS = 'zzuf-pass';
const bundle = readdirSync(new URL('../../dist/demo/assets/', import.meta.url)).find((name) => name.endsWith('.js'));
const SEEDS = [
  'GET /api/v1/generate?quantity=5 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n',
  `GET /api/v1/generate?format=csv&quantity=100&seed=7 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${PASS}\r\nAccept: text/csv\r\n\r\n`,
  'HEAD /healthz HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n',
  'OPTIONS /api/v1/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://example.test\r\nAccess-Control-Request-Method: GET\r\n\r\n',
  `GET /assets/${bundle ?? 'index.js'} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n`,
  'GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: "abc"\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n',
  'POST /api/v1/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
  'GET /api/v1/generate?quantity=2 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
];
const run = promisify(execFile);
const STACK_FRAME = /\n\s+at .+[(:]\d+/;

let server: ServerProcess | undefined;
let dir: string | undefined;
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Sends bytes; half-closes or not; reads until the server closes or `waitMs` passes. */
function send(port: number, bytes: Buffer, halfClose: boolean, waitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.on('connect', () => (halfClose ? socket.end(bytes) : socket.write(bytes)));
  });
}

describe(`zzuf: ${CASES} mutants of ${SEEDS.length} valid raw requests against \`siret-mock serve\``, () => {
  it(
    'never ends the process, never answers 5xx or prints a stack, and /healthz answers after every batch',
    async () => {
      if (bundle === undefined) throw new Error('dist/demo has no JS bundle: run `npm run build` first');
      await run('zzuf', ['-V']).catch(() => {
        throw new Error('zzuf not found (Debian: apt-get install zzuf)');
      });
      dir = mkdtempSync(join(tmpdir(), 'siret-zzuf-'));
      const seedFiles = SEEDS.map((seed, i) => {
        const file = join(dir as string, `seed-${i}.txt`);
        writeFileSync(file, seed, 'latin1');
        return file;
      });
      server = await startServerProcess(['--port', '0', '--quiet', '--pass', PASS]);
      const port = Number(server.url.port);
      const offset = Number(process.env.FUZZ_SEED ?? 0);
      const statuses = new Map<string, number>();
      let mutated = 0;
      for (let start = 0; start < CASES; start += BATCH) {
        const ids = Array.from({ length: Math.min(BATCH, CASES - start) }, (_, j) => start + j);
        const mutants = await Promise.all(
          ids.map(async (id) => {
            const seedFile = seedFiles[id % seedFiles.length] as string;
            const { stdout } = await run('zzuf', ['-s', String(offset + id), '-r', '0.004:0.05', 'cat', seedFile], {
              encoding: 'buffer',
              maxBuffer: 1 << 20,
            });
            return { id, bytes: stdout };
          }),
        );
        const replies = await Promise.all(mutants.map(({ id, bytes }) => send(port, bytes, id % 2 === 0, 1_000)));
        for (const [j, reply] of replies.entries()) {
          const { id, bytes } = mutants[j] as { id: number; bytes: Buffer };
          if (!bytes.equals(Buffer.from(SEEDS[id % SEEDS.length] as string, 'latin1'))) mutated++;
          const context = `zzuf -s ${offset + id} -r 0.004:0.05 (seed ${id % SEEDS.length}): ${JSON.stringify(bytes.toString('latin1').slice(0, 160))}`;
          for (const status of reply.match(/HTTP\/1\.[01] \d{3}/g) ?? [])
            statuses.set(status.slice(-3), (statuses.get(status.slice(-3)) ?? 0) + 1);
          expect(reply, context).not.toMatch(/HTTP\/1\.[01] 5\d\d/);
          // The demo's own files (its bundle holds any text) are left out of the leak checks; every other byte is checked.
          const checked = /content-type: text\/(?:javascript|html|css)/i.test(reply) ? (reply.split('\r\n\r\n')[0] ?? '') : reply;
          expect(checked, context).not.toMatch(STACK_FRAME);
          expect(checked, context).not.toMatch(/\/(?:work|home|root|tmp)\/|node_modules/);
        }
        const health = await send(port, Buffer.from('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), false, 5_000);
        expect(health, `after the batch from case ${start}`).toMatch(/^HTTP\/1\.1 200 /);
      }
      console.log(`ZZUF ${JSON.stringify({ cases: CASES, mutated, statuses: Object.fromEntries([...statuses].sort()) })}`);
      expect(mutated).toBeGreaterThan(CASES * 0.9);
      expect(server.child.exitCode).toBeNull();
      expect(server.stderr()).not.toMatch(STACK_FRAME);
      expect(server.stderr()).not.toMatch(/Error|uncaught/i);
    },
    scaled(240_000, 1_800_000),
  );
});
