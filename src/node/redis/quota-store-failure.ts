import { MINUTE_WINDOW_MS, secondsToUtcMidnight, type QuotaDecision, type QuotaLimits, type QuotaStore } from '../../core/quota/index.js';
import { isStoreOutage } from '../../http/index.js';

/** What to do while the shared quota store cannot be reached: refuse with 503 (`closed`) or admit (`open`). */
export const QUOTA_STORE_FAILURE_POLICIES = ['closed', 'open'] as const;
export type QuotaStoreFailurePolicy = (typeof QUOTA_STORE_FAILURE_POLICIES)[number];

/** The policy unless told otherwise: no request goes uncounted. */
export const DEFAULT_QUOTA_STORE_FAILURE: QuotaStoreFailurePolicy = 'closed';

export interface QuotaStoreFailureOptions {
  /** @default 'closed' */
  policy?: QuotaStoreFailurePolicy;
  /** Receives one line when an outage starts and one when it ends (not one per request). */
  log?: (message: string) => void;
}

/** A store wrapped by `withQuotaStoreFailurePolicy`. */
export interface QuotaStoreWithFailurePolicy extends QuotaStore {
  /** Logs the start of an outage found outside `consume` (a failed connection at start-up), unless one is already logged. */
  reportOutage(error: Error): void;
}

/**
 * Wraps a store so that an outage is logged once when it starts and once when it ends, and, under the `open` policy,
 * requests are admitted while it lasts. An admitted request during an outage reports the full allowance (nothing can
 * be counted), with the minute window unopened.
 */
export function withQuotaStoreFailurePolicy(store: QuotaStore, options: QuotaStoreFailureOptions = {}): QuotaStoreWithFailurePolicy {
  const policy = options.policy ?? DEFAULT_QUOTA_STORE_FAILURE;
  const log = options.log ?? (() => undefined);
  let down = false;
  const reportOutage = (error: Error): void => {
    if (down) return;
    down = true;
    const consequence = policy === 'open' ? 'admitting requests without counting them' : 'answering 503 quota_store_unavailable';
    log(`warning: ${error.message}; ${consequence} until it is back (--quota-store-failure ${policy})`);
  };
  const wrapped: QuotaStoreWithFailurePolicy = {
    ...(store.shared ? { shared: true } : {}),
    reportOutage,
    async consume(key, limits, now) {
      try {
        const decision = await store.consume(key, limits, now);
        if (down) {
          down = false;
          log('quota store reachable again: counting requests');
        }
        return decision;
      } catch (error) {
        if (!isStoreOutage(error)) throw error;
        reportOutage(error);
        if (policy === 'closed') throw error;
        return admittedUncounted(limits, now);
      }
    },
    reset: () => store.reset(),
  };
  if (store.close) wrapped.close = () => store.close?.();
  if (store.setUsage) wrapped.setUsage = (usage, now) => store.setUsage?.(usage, now);
  return wrapped;
}

function admittedUncounted(limits: QuotaLimits, now: number): QuotaDecision {
  return {
    allowed: true,
    exceeded: null,
    remainingMinute: limits.perMinute,
    remainingDay: limits.perDay,
    resetMinute: MINUTE_WINDOW_MS / 1000,
    resetDay: secondsToUtcMidnight(now),
    retryAfter: 0,
  };
}
