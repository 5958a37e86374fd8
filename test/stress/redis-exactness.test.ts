import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../../src/node/server/index.js';
import { scaled } from '../fuzz/fuzz-scale.js';
import { startRedis, type RedisProcess } from '../services/redis-process.js';
import { startServerProcess, type ServerProcess } from '../services/server-process.js';

// Exactly 10 a minute with the shared Redis store: one Lua script checks and counts atomically, so no burst from one
// caller, on one process or spread over two, is admitted past the limit.

const CONCURRENT = scaled(1_000, 10_000);

let redis: RedisProcess;
const servers: SiretServer[] = [];
const processes: ServerProcess[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(processes.splice(0).map((child) => child.stop('SIGKILL')));
});
afterAll(async () => {
  await redis?.stop();
});

/** Statuses of the responses, and the remaining-minute counts of the 200s, sorted. */
async function tally(responses: Response[]): Promise<{ admitted: number; refused: number; other: number[]; remaining: number[] }> {
  const remaining: number[] = [];
  const other: number[] = [];
  let refused = 0;
  for (const response of responses) {
    if (response.status === 200)
      remaining.push(((await response.json()) as { meta: { rate_limit_remaining_minute: number } }).meta.rate_limit_remaining_minute);
    else {
      if (response.status === 429) refused++;
      else other.push(response.status);
      await response.body?.cancel();
    }
  }
  return { admitted: remaining.length, refused, other, remaining: remaining.sort((a, b) => a - b) };
}

const EXACTLY_TEN = { admitted: 10, refused: CONCURRENT - 10, other: [], remaining: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] };

describe(`${CONCURRENT} concurrent requests from one caller, Redis quota store`, () => {
  it('admit exactly 10 through one in-process server', async () => {
    // fetch opens a connection per concurrent request, all from 127.0.0.1: above the default per-client cap.
    const server = createSiretServer({
      demoDir: false,
      redis: redis.url,
      log: () => undefined,
      node: { maxConnectionsPerClient: CONCURRENT },
    });
    servers.push(server);
    const origin = await server.listen(0, '127.0.0.1');
    // A caller of its own, so the other test's counts in the same Redis cannot interfere.
    const url = new URL('/api/v1/generate?quantity=1', origin);
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () => fetch(url, { headers: { 'x-forwarded-for': '198.51.100.1' } })),
    );
    // Without trustProxy the header is ignored: every request is 127.0.0.1's.
    expect(await tally(responses)).toEqual(EXACTLY_TEN);
  });

  it(
    'admit exactly 10 split over two siret-mock serve processes sharing the Redis',
    async () => {
      const [a, b] = await Promise.all([
        startServerProcess(['--port', '0', '--quiet', '--redis', redis.url, '--max-connections-per-client', String(CONCURRENT)]),
        startServerProcess(['--port', '0', '--quiet', '--redis', redis.url, '--max-connections-per-client', String(CONCURRENT)]),
      ]);
      processes.push(a, b);
      // The processes see the same caller (127.0.0.1); a fresh minute window for it, whatever the first test counted.
      await redisFlush();
      const urls = [a, b].map((child) => new URL('/api/v1/generate?quantity=1', child.url));
      const responses = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => fetch(urls[i % 2] as URL)));
      expect(await tally(responses)).toEqual(EXACTLY_TEN);
    },
    scaled(60_000, 1_200_000),
  );
});

/** Empties the Redis between tests (both tests key the caller 127.0.0.1). */
async function redisFlush(): Promise<void> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    await client.flushall();
  } finally {
    client.disconnect();
  }
}
