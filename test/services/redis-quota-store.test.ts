import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consumeQuota,
  DAY_MS,
  MINUTE_WINDOW_MS,
  QuotaStoreUnavailableError,
  type QuotaLimits,
  type QuotaState,
} from '../../src/core/quota/index.js';
import { createRedisQuotaStore, REDIS_CONSUME_SCRIPT } from '../../src/node/redis/redis-quota-store.js';
import { freePort, startRedis, type RedisProcess } from './redis-process.js';

let redisServer: RedisProcess;
let redis: Redis;

beforeAll(async () => {
  redisServer = await startRedis();
  redis = new Redis(redisServer.url);
});
afterAll(async () => {
  await redis?.quit();
  await redisServer?.stop();
});

async function redisNow(): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

async function stateOf(key: string): Promise<QuotaState | undefined> {
  const hash = await redis.hgetall(key);
  if (hash.ms === undefined) return undefined;
  return { minuteStart: Number(hash.ms), minuteCount: Number(hash.mc), day: Number(hash.d), dayCount: Number(hash.dc) };
}

describe('the Redis quota script', () => {
  it('decides and counts exactly as consumeQuota at the Redis time it used, from any prior state', async () => {
    const key = 'siret-mock:test:replay';
    const arbitraryCase = fc.record({
      prior: fc.option(
        fc.record({
          // Minute windows that are open, about to close, long closed, or (clock skew) not yet opened.
          minuteOffset: fc.oneof(fc.integer({ min: -59_999, max: 0 }), fc.integer({ min: -200_000, max: 5_000 })),
          minuteCount: fc.integer({ min: 0, max: 12 }),
          dayOffset: fc.constantFrom(0, 0, 0, -1, -2),
          dayCount: fc.integer({ min: 0, max: 12 }),
        }),
        { nil: undefined },
      ),
      limits: fc.record({ perMinute: fc.integer({ min: 1, max: 11 }), perDay: fc.integer({ min: 1, max: 11 }) }),
    });
    await fc.assert(
      fc.asyncProperty(arbitraryCase, async ({ prior, limits }) => {
        await redis.del(key);
        const t = await redisNow();
        let before: QuotaState | undefined;
        if (prior) {
          before = {
            minuteStart: t + prior.minuteOffset,
            minuteCount: prior.minuteCount,
            day: Math.floor(t / DAY_MS) + prior.dayOffset,
            dayCount: prior.dayCount,
          };
          await redis.hset(key, { ms: before.minuteStart, mc: before.minuteCount, d: before.day, dc: before.dayCount });
        }
        const reply = (await redis.eval(REDIS_CONSUME_SCRIPT, 1, key, limits.perMinute, limits.perDay)) as number[];
        const [allowed, exceeded, remainingMinute, remainingDay, resetMinute, resetDay, retryAfter, now] = reply;
        const expected = consumeQuota(before, now as number, limits);
        expect({
          allowed: allowed === 1,
          exceeded: exceeded === 2 ? 'day' : exceeded === 1 ? 'minute' : null,
          remainingMinute,
          remainingDay,
          resetMinute,
          resetDay,
          retryAfter,
        }).toEqual(expected.decision);
        expect(await stateOf(key)).toEqual(expected.state);
        if (expected.decision.allowed && expected.state) {
          const dayEnd = (expected.state.day + 1) * DAY_MS;
          expect(await redis.call('PEXPIRETIME', key)).toBe(Math.max(expected.state.minuteStart + MINUTE_WINDOW_MS, dayEnd));
        }
      }),
      { numRuns: 300 },
    );
    await redis.del(key);
  });
});

describe('createRedisQuotaStore', () => {
  const limits: QuotaLimits = { perMinute: 10, perDay: 100 };

  it('answers 429 once the caller has made 10 requests this minute, and counts callers apart', async () => {
    const store = createRedisQuotaStore(redisServer.url, { keyPrefix: 'siret-mock:test:store:' });
    try {
      await store.ready();
      await store.reset();
      const decisions = [];
      for (let i = 0; i < 11; i++) decisions.push(await store.consume('203.0.113.7', limits, 0));
      expect(decisions.slice(0, 10).every((d) => d.allowed)).toBe(true);
      expect(decisions[9]).toMatchObject({ remainingMinute: 0, remainingDay: 90 });
      expect(decisions[10]).toMatchObject({ allowed: false, exceeded: 'minute', remainingMinute: 0, remainingDay: 90 });
      expect(decisions[10]?.retryAfter).toBeGreaterThanOrEqual(1);
      expect(decisions[10]?.retryAfter).toBeLessThanOrEqual(60);
      expect(await store.consume('203.0.113.8', limits, 0)).toMatchObject({ allowed: true, remainingMinute: 9 });
    } finally {
      await store.close();
    }
  });

  it('reset forgets its own callers and leaves other keys alone', async () => {
    const store = createRedisQuotaStore(redisServer.url, { keyPrefix: 'siret-mock:test:reset:' });
    try {
      await redis.set('unrelated', '1');
      await store.ready();
      await store.consume('a', limits, 0);
      await store.consume('b', limits, 0);
      expect(await redis.keys('siret-mock:test:reset:*')).toHaveLength(2);
      await store.reset();
      expect(await redis.keys('siret-mock:test:reset:*')).toHaveLength(0);
      expect(await redis.get('unrelated')).toBe('1');
    } finally {
      await store.close();
    }
  });

  it('rejects with QuotaStoreUnavailableError, without hanging, when nothing listens at the URL', async () => {
    const port = await freePort();
    const store = createRedisQuotaStore(`redis://127.0.0.1:${port}`, { timeoutMs: 300 });
    try {
      await expect(store.ready()).rejects.toBeInstanceOf(QuotaStoreUnavailableError);
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => store.consume('x', limits, 0)));
      for (const result of results) {
        expect(result.status).toBe('rejected');
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(QuotaStoreUnavailableError);
      }
    } finally {
      await store.close();
    }
  });
});
