import { consumeQuota, isQuotaStateExpired, MINUTE_WINDOW_MS, type QuotaDecision, type QuotaLimits, type QuotaState } from './quota.js';

/**
 * Where quota counters live. The memory store serves one process (and every MSW handler set); the Redis store
 * (`siret-mock/node`) lets several server processes share one quota. `consume` is atomic per caller: it checks both
 * windows and counts the request in one step.
 */
export interface QuotaStore {
  /**
   * Admits or refuses one request of `key`. `now` is the caller's clock in epoch milliseconds; a shared store may use its
   * own clock instead so that processes agree on window boundaries. Rejects with `QuotaStoreUnavailableError` when the
   * store cannot be reached.
   */
  consume(key: string, limits: QuotaLimits, now: number): QuotaDecision | Promise<QuotaDecision>;
  /** Forgets every caller. */
  reset(): void | Promise<void>;
  /** Releases connections; the store is not used afterwards. */
  close?(): void | Promise<void>;
}

/** Thrown (or rejected) by a store that cannot be reached; the handler answers 503 `quota_store_unavailable`. */
export class QuotaStoreUnavailableError extends Error {
  override readonly name = 'QuotaStoreUnavailableError';
}

/** The in-memory quota store, with its size exposed for tests and benchmarks. */
export interface MemoryQuotaStore extends QuotaStore {
  consume(key: string, limits: QuotaLimits, now: number): QuotaDecision;
  /** Number of callers currently held. */
  readonly size: number;
  /** Drops callers whose minute window and UTC day have both ended at `now`. Runs by itself about once a minute. */
  sweep(now: number): void;
}

/**
 * Creates an in-memory quota store. Memory grows with the callers active today, not with every caller ever seen: callers
 * whose windows have ended are swept out about once a minute of (injected) clock time. No timers: sweeping happens inside
 * `consume`, so the store is deterministic under a fake clock.
 */
export function createMemoryQuotaStore(): MemoryQuotaStore {
  const states = new Map<string, QuotaState>();
  let lastSweep = -Infinity;
  const sweep = (now: number): void => {
    lastSweep = now;
    for (const [key, state] of states) if (isQuotaStateExpired(state, now)) states.delete(key);
  };
  return {
    get size() {
      return states.size;
    },
    sweep,
    consume(key, limits, now) {
      if (now - lastSweep >= MINUTE_WINDOW_MS || now < lastSweep) sweep(now);
      const { state, decision } = consumeQuota(states.get(key), now, limits);
      if (state) states.set(key, state);
      return decision;
    },
    reset() {
      states.clear();
      lastSweep = -Infinity;
    },
  };
}
