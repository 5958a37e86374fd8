import type { Redis, RedisOptions } from 'ioredis';
import { QuotaStoreUnavailableError, type QuotaDecision, type QuotaLimits, type QuotaStore } from '../../core/quota/index.js';
import { loadIoredis } from './optional-peer.js';

/**
 * The check-and-increment of `consumeQuota` (src/core/quota/quota.ts) as one Lua script, so that several processes sharing
 * one Redis enforce one limit. Redis's own clock (`TIME`) is the clock, so processes agree on window boundaries.
 * The caller's hash holds ms (minute window start, epoch ms), mc (minute count), d (UTC day number), dc (day count).
 * A refused request is not counted; the key expires when both windows have ended, so memory follows active callers.
 * ARGV[3], optional, is a deadline in Redis's clock (epoch ms): a script that runs later (Redis was stalled, and the caller
 * has already answered 503) changes nothing and returns allowed -1.
 * Returns { allowed (0/1, -1 past the deadline), exceeded (0 none, 1 minute, 2 day), remainingMinute, remainingDay, resetMinute,
 * resetDay, retryAfter, now } (now: the Redis time used, so tests can replay the pure function at the same instant).
 */
export const REDIS_CONSUME_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local deadline = tonumber(ARGV[3])
if deadline ~= nil and deadline > 0 and now > deadline then
  return { -1, 0, 0, 0, 0, 0, 0, now }
end
local perMinute = tonumber(ARGV[1])
local perDay = tonumber(ARGV[2])
local MINUTE, DAY = 60000, 86400000
local function ceilSeconds(ms) return math.max(1, math.ceil(ms / 1000)) end

local s = redis.call('HMGET', KEYS[1], 'ms', 'mc', 'd', 'dc')
local ms, mc, d, dc = tonumber(s[1]), tonumber(s[2]), tonumber(s[3]), tonumber(s[4])
local today = math.floor(now / DAY)
local minuteOpen = ms ~= nil and mc ~= nil and now < ms + MINUTE and now >= ms
local minuteCount = minuteOpen and mc or 0
local dayCount = (d ~= nil and dc ~= nil and d == today) and dc or 0
local resetDay = ceilSeconds((today + 1) * DAY - now)

if minuteCount >= perMinute or dayCount >= perDay then
  local dayFull = dayCount >= perDay
  local resetMinute = ceilSeconds(minuteOpen and (ms + MINUTE - now) or MINUTE)
  return { 0, dayFull and 2 or 1, math.max(0, perMinute - minuteCount), math.max(0, perDay - dayCount),
    resetMinute, resetDay, dayFull and resetDay or resetMinute, now }
end

local start = minuteOpen and ms or now
minuteCount = minuteCount + 1
dayCount = dayCount + 1
redis.call('HSET', KEYS[1], 'ms', string.format('%d', start), 'mc', minuteCount, 'd', today, 'dc', dayCount)
redis.call('PEXPIREAT', KEYS[1], string.format('%d', math.max(start + MINUTE, (today + 1) * DAY)))
return { 1, 0, math.max(0, perMinute - minuteCount), math.max(0, perDay - dayCount),
  ceilSeconds(start + MINUTE - now), resetDay, 0, now }
`;

export interface RedisQuotaStoreOptions {
  /** Prefix of every key the store writes. @default 'siret-mock:quota:' */
  keyPrefix?: string;
  /** Milliseconds to wait for a connection or a reply before answering "unavailable". @default 1000 */
  timeoutMs?: number;
  /** Called with every connection error (ioredis emits one per failed reconnection attempt). */
  onError?: (error: Error) => void;
}

/** A quota store in Redis, shared by every server process pointed at the same Redis. */
export interface RedisQuotaStore extends QuotaStore {
  consume(key: string, limits: QuotaLimits, now: number): Promise<QuotaDecision>;
  /** Resolves once connected; rejects with QuotaStoreUnavailableError on a connection error or after `timeoutMs`. */
  ready(): Promise<void>;
  /** Redis's `maxmemory-policy`, or `undefined` when it cannot be read (CONFIG disabled or renamed, no connection). */
  maxmemoryPolicy(): Promise<string | undefined>;
  close(): Promise<void>;
}

interface ConsumeCommand {
  siretMockConsume(key: string, perMinute: number, perDay: number, deadline: number): Promise<number[]>;
}

/**
 * Creates a quota store on the Redis at `url` (`redis://host:6379/0`). It never queues or hangs: while Redis cannot be
 * reached, `consume` rejects within `timeoutMs` with `QuotaStoreUnavailableError` (the handler answers 503), and the
 * client keeps reconnecting in the background, so the store recovers by itself when Redis is back.
 * @example createSiretServer({ store: createRedisQuotaStore('redis://127.0.0.1:6379') })
 */
export function createRedisQuotaStore(url: string, options: RedisQuotaStoreOptions = {}): RedisQuotaStore {
  const keyPrefix = options.keyPrefix ?? 'siret-mock:quota:';
  const timeoutMs = options.timeoutMs ?? 1000;
  const redisOptions: RedisOptions = {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    // Fail fast instead of queueing while disconnected: a request must get its 503 now, not after the outage.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
  };
  // ioredis is an optional peer, loaded on first use (a one-line error naming it when it is missing).
  const redis = new (loadIoredis().Redis)(url, redisOptions) as Redis & ConsumeCommand;
  redis.on('error', (error: Error) => options.onError?.(error));
  redis.defineCommand('siretMockConsume', { numberOfKeys: 1, lua: REDIS_CONSUME_SCRIPT });
  let closed = false;
  // Redis's clock minus ours (ms), learnt from each reply: a script's deadline is written in Redis's clock. Every sample errs
  // low (by the reply's travel and the event loop's lag), so the highest of the last 10 s is kept.
  let clockOffset = 0;
  let offsetSince = -Infinity;
  const learnOffset = (redisMs: number, localMs: number): void => {
    const sample = redisMs - localMs;
    if (sample > clockOffset || localMs - offsetSince > 10_000) {
      clockOffset = sample;
      offsetSince = localMs;
    }
  };
  redis.on('ready', () => {
    // The first estimate, before any script has run: Redis's time against the middle of the round trip, so that a burst
    // right after start-up (when the event loop is busiest) does not begin with an offset skewed by its lag.
    const sent = Date.now();
    redis.time().then(
      ([seconds, micros]) => learnOffset(Number(seconds) * 1000 + Math.floor(Number(micros) / 1000), (sent + Date.now()) / 2),
      () => undefined,
    );
  });
  // A script must finish this long before the caller gives up, so that its reply is not still on the way when the caller
  // answers 503: one that starts later does nothing and the request is answered 503, uncounted, either way.
  const deadlineMargin = Math.max(50, Math.floor(timeoutMs / 4));

  const unavailable = (error: unknown): QuotaStoreUnavailableError =>
    new QuotaStoreUnavailableError(`quota store unreachable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });

  return {
    shared: true,
    async consume(key, limits) {
      if (closed) throw new QuotaStoreUnavailableError('quota store closed');
      let reply: number[];
      // The caller answers 503 once timeoutMs has passed; a script Redis runs after that must not count the request.
      const deadline = Math.floor(Date.now() + clockOffset + timeoutMs - deadlineMargin);
      try {
        reply = await redis.siretMockConsume(keyPrefix + key, limits.perMinute, limits.perDay, deadline);
      } catch (error) {
        throw unavailable(error);
      }
      const redisNow = Number(reply[7]);
      if (Number.isFinite(redisNow)) learnOffset(redisNow, Date.now());
      if (Number(reply[0]) === -1) throw new QuotaStoreUnavailableError('quota store answered past the deadline of the request');
      const [allowed, exceeded, remainingMinute, remainingDay, resetMinute, resetDay, retryAfter] = reply.map(Number);
      return {
        allowed: allowed === 1,
        exceeded: exceeded === 2 ? 'day' : exceeded === 1 ? 'minute' : null,
        remainingMinute: remainingMinute ?? 0,
        remainingDay: remainingDay ?? 0,
        resetMinute: resetMinute ?? 60,
        resetDay: resetDay ?? 1,
        retryAfter: retryAfter ?? 0,
      };
    },
    async reset() {
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${globEscape(keyPrefix)}*`, 'COUNT', 500);
          if (keys.length > 0) await redis.unlink(...keys);
          cursor = next;
        } while (cursor !== '0');
      } catch (error) {
        throw unavailable(error);
      }
    },
    async ready() {
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve, reject) => {
        const settle = (error?: Error): void => {
          clearTimeout(timer);
          redis.off('ready', onReady);
          redis.off('error', onError);
          if (error) reject(unavailable(error));
          else resolve();
        };
        const onReady = (): void => settle();
        const onError = (error: Error): void => settle(error);
        const timer = setTimeout(() => settle(new Error(`no connection to Redis within ${timeoutMs} ms`)), timeoutMs);
        redis.once('ready', onReady);
        redis.once('error', onError);
      });
    },
    async maxmemoryPolicy() {
      try {
        const reply = (await redis.config('GET', 'maxmemory-policy')) as unknown;
        const value = Array.isArray(reply) ? (reply[1] as unknown) : undefined;
        return typeof value === 'string' ? value : undefined;
      } catch {
        return undefined;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      if (redis.status !== 'ready') {
        redis.disconnect();
        return;
      }
      const quit = redis.quit().then(
        () => undefined,
        () => undefined,
      );
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
      await Promise.race([quit, timeout]);
      redis.disconnect();
    },
  };
}

function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
