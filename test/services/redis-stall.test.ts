import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../../src/node/server/index.js';
import { startRedis, type RedisProcess } from './redis-process.js';

// A request answered 503 quota_store_unavailable must not be counted when Redis comes back. Redis is frozen with SIGSTOP
// in the middle of a burst and resumed: the scripts queued meanwhile run late, past the deadline their request carried,
// and change nothing. Then every caller's counts in Redis equal the counted answers (200, 400, 403) it received.

let redis: RedisProcess;
let client: Redis;
let server: SiretServer | undefined;
beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
});
afterAll(async () => {
  await server?.close();
  await client?.quit();
  await redis?.stop();
});

const CALLERS = 12;
const COUNTED = new Set([200, 400, 403]);

describe('Redis frozen (SIGSTOP) in the middle of a burst, then resumed', () => {
  it('counts exactly the answers that were counted: no 503 is charged when the queued scripts run late', async () => {
    const lines: string[] = [];
    server = createSiretServer({
      redis: redis.url,
      trustProxy: 1,
      demoDir: false,
      log: (line) => lines.push(line),
      limits: { perMinute: 1_000, perDay: 1_000 },
    });
    const origin = await server.listen(0, '127.0.0.1');
    const statuses = new Map<string, number[]>();
    const send = async (i: number): Promise<void> => {
      const caller = `10.1.0.${i % CALLERS}`;
      // Mostly plain requests (200), some over the free maximum (400), a few with a wrong pass (401, not counted).
      const query = i % 7 === 0 ? '?quantity=60' : '';
      const headers: Record<string, string> = { 'x-forwarded-for': caller };
      if (i % 11 === 0) headers.authorization = 'Bearer wrong';
      const response = await fetch(new URL(`/api/v1/generate${query}`, origin), { headers });
      await response.arrayBuffer();
      statuses.set(caller, [...(statuses.get(caller) ?? []), response.status]);
    };

    // 4 s of traffic, a request every 10 ms; Redis frozen from 1.0 s to 2.5 s.
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    let stopped = false;
    let resumed = false;
    for (let i = 0; performance.now() - started < 4_000; i++) {
      const elapsed = performance.now() - started;
      if (!stopped && elapsed >= 1_000) {
        redis.signal('SIGSTOP');
        stopped = true;
      }
      if (stopped && !resumed && elapsed >= 2_500) {
        redis.signal('SIGCONT');
        resumed = true;
      }
      inFlight.push(send(i));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(inFlight);
    // Let Redis finish anything still queued before reading the counts.
    await client.ping();

    const all = [...statuses.values()].flat();
    const tally = (status: number): number => all.filter((s) => s === status).length;
    console.log(
      `REDIS-STALL ${JSON.stringify({ requests: all.length, ok: tally(200), badRequest: tally(400), unauthorized: tally(401), unavailable: tally(503) })}`,
    );
    // The burst reached every case (figures vary with the machine's load: a request every 10 ms is a request every 10+ ms).
    expect(tally(503)).toBeGreaterThan(5);
    expect(tally(200)).toBeGreaterThan(30);
    expect(tally(400)).toBeGreaterThan(3);
    expect(all.every((status) => [200, 400, 401, 503].includes(status))).toBe(true);

    for (const [caller, received] of statuses) {
      const hash = await client.hgetall(`siret-mock:quota:${caller}`);
      const counted = received.filter((status) => COUNTED.has(status)).length;
      expect({ caller, minute: Number(hash.mc), day: Number(hash.dc) }).toEqual({ caller, minute: counted, day: counted });
    }
    expect(lines.some((line) => line.includes('503 quota_store_unavailable'))).toBe(true);
  }, 30_000);
});
