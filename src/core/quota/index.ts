// The per-caller quota: the fixed-window counters, where they are kept, the usage a test can set, and the audit of retries
// that did not wait for a 429's Retry-After.

/** A source of the current time in epoch milliseconds. Core code receives one instead of calling `Date.now()`. */
export interface Clock {
  now(): number;
}

export {
  consumeQuota,
  DAY_MS,
  DEFAULT_QUOTA_LIMITS,
  MINUTE_WINDOW_MS,
  secondsToUtcMidnight,
  type QuotaDecision,
  type QuotaLimits,
  type QuotaState,
} from './quota.js';
export {
  createMemoryQuotaStore,
  QuotaStoreUnavailableError,
  type MemoryQuotaStore,
  type MemoryQuotaStoreOptions,
  type QuotaStore,
  type TextStorage,
} from './quota-store.js';
export { checkQuotaUsage, exhaustedUsage, withUsage, type QuotaUsage, type QuotaWindow } from './quota-usage.js';
export {
  AUDIT_LOG_SIZE,
  createRetryAudit,
  RETRY_STORM_THRESHOLD,
  type AuditedRequest,
  type AuditReport,
  type RetryAudit,
  type RetryViolation,
} from './retry-audit.js';
