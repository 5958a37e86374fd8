import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../../src/node/server/index.js';
import { startServerProcess, type ServerProcess } from '../services/server-process.js';
import { STACK_FRAME } from './contract-response.js';
import { fuzzParameters, scaled } from './fuzz-scale.js';
import { FUZZ_PASS as PASS, malformedCaseArb, type MalformedCase } from './malformed-http.js';
import { exchange, parseResponses } from './raw-socket.js';

/** Checks what came back for one malformed exchange: no 5xx, no stack, JSON error bodies. Returns the statuses seen. */
function expectCleanReply(malformed: MalformedCase, bytes: Buffer): number[] {
  const text = bytes.toString('latin1');
  const where = `${malformed.family} (${malformed.delivery}): ${JSON.stringify(malformed.bytes.toString('latin1').slice(0, 120))} -> ${JSON.stringify(text.slice(0, 200))}`;
  expect(text, where).not.toMatch(STACK_FRAME);
  // Every status line anywhere in the stream, pipelined answers included.
  const statuses = [...text.matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3}) /g)].map((match) => Number(match[1]));
  for (const status of statuses) expect(status, where).toBeLessThan(500);
  for (const response of parseResponses(bytes).responses) {
    const length = Number(response.headers['content-length']);
    const complete = response.headers['transfer-encoding'] === 'chunked' || response.body.length === length;
    if (response.status >= 400 && complete && response.body.length > 0) {
      expect(response.headers['content-type'], where).toBe('application/json');
      expect(JSON.parse(response.body.toString('utf8')), where).toHaveProperty('error');
    }
  }
  return statuses;
}

/** Runs `count` generated malformed exchanges against `port`, `concurrency` at a time, each followed by a good request. */
async function fuzzServer(
  port: number,
  origin: URL,
  count: number,
  concurrency: number,
): Promise<{ families: Map<string, number>; statuses: Set<number> }> {
  const families = new Map<string, number>();
  const statuses = new Set<number>();
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(malformedCaseArb, { minLength: concurrency, maxLength: concurrency }), async (cases) => {
      await Promise.all(
        cases.map(async (malformed) => {
          const reply = await exchange(port, malformed.bytes, malformed.delivery, malformed.delivery === 'open' ? 150 : 10_000);
          // Half-closed, trickled or reset connections must end: only an 'open' one may still be waiting for more bytes.
          if (malformed.delivery !== 'open') expect(reply.closedByServer, malformed.family).toBe(true);
          for (const status of expectCleanReply(malformed, reply.bytes)) statuses.add(status);
          families.set(malformed.family, (families.get(malformed.family) ?? 0) + 1);
          sent++;
        }),
      );
      // The server is still up and answers the next well-formed request, on a fresh connection.
      const health = await fetch(new URL('/healthz', origin));
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    }),
    fuzzParameters(Math.ceil(count / concurrency)),
  );
  expect(sent).toBeGreaterThanOrEqual(count);
  return { families, statuses };
}

describe('the server under malformed raw HTTP', () => {
  const servers: SiretServer[] = [];
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(processes.map((child) => child.stop('SIGKILL')));
  });

  const count = scaled(2_000, 20_000);
  it(
    `answers ${count} malformed requests without a 5xx or a crash, and serves the next good request each time`,
    async () => {
      const server = createSiretServer({
        demoDir: false,
        passes: [PASS],
        log: () => undefined,
        node: { headersTimeout: 2_000, requestTimeout: 4_000, keepAliveTimeout: 500 },
      });
      servers.push(server);
      const origin = await server.listen(0, '127.0.0.1');
      const { families, statuses } = await fuzzServer(Number(origin.port), origin, count, 20);
      // The generators reach the server's refusals (400, 414, 431) and the good requests hidden among the junk (200).
      for (const status of [200, 400, 414, 431]) expect(statuses).toContain(status);
      expect([...families.keys()].sort()).toEqual([
        'bad header syntax',
        'bad request line',
        'binary garbage',
        'good request, client gone',
        'huge request line or headers',
        'invalid chunked encoding',
        'pipelined junk',
        'truncated request, half-closed',
      ]);
      // And the full path still works: quota, generation, JSON.
      const response = await fetch(new URL('/api/v1/generate?quantity=3', origin), { headers: { authorization: `Bearer ${PASS}` } });
      expect(response.status).toBe(200);
      expect((await response.json()).count).toBe(3);
    },
    scaled(60_000, 1_200_000),
  );

  const processCount = scaled(300, 5_000);
  it(
    `keeps a siret-mock serve process alive through ${processCount} malformed requests`,
    async () => {
      const child = await startServerProcess(['--port', '0', '--quiet', '--pass', PASS]);
      processes.push(child);
      await fuzzServer(Number(child.url.port), child.url, processCount, 20);
      expect(child.child.exitCode).toBeNull();
      expect(child.child.signalCode).toBeNull();
      const response = await fetch(new URL('/api/v1/generate?quantity=2', child.url), { headers: { authorization: `Bearer ${PASS}` } });
      expect(response.status).toBe(200);
      expect(child.stderr()).not.toMatch(STACK_FRAME);
    },
    scaled(60_000, 1_200_000),
  );
});
