import type { QuotaDecision, QuotaLimits } from '../../core/quota/index.js';
import type { HeaderList } from './response-headers.js';

/** Rate-limit header dialects: IETF draft-10 `RateLimit`/`RateLimit-Policy`, GitHub-style `X-RateLimit-*`, or both. */
export const RATE_LIMIT_HEADER_DIALECTS = ['draft', 'x-ratelimit', 'both'] as const;
export type RateLimitHeaderDialect = (typeof RATE_LIMIT_HEADER_DIALECTS)[number];
/** How a 429's `Retry-After` is written: whole seconds, or an HTTP date (IMF-fixdate). */
export const RETRY_AFTER_FORMATS = ['seconds', 'http-date'] as const;
export type RetryAfterFormat = (typeof RETRY_AFTER_FORMATS)[number];

/** The `X-RateLimit-*` names, exposed to cross-origin scripts when the dialect sends them. */
export const X_RATE_LIMIT_HEADERS = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';

/** The rate-limit headers of one app, in its configured dialect. */
export interface RateLimitHeaders {
  /** The headers of a free-tier answer for this decision (200, 400, 403 and 429). */
  headers(decision: QuotaDecision): HeaderList;
  /** The `Retry-After` value of a 429 answered at `now` (epoch ms). */
  retryAfter(decision: QuotaDecision, now: number): string;
}

/**
 * The window that binds first: the one with fewer requests left (the exhausted one on a 429); on a tie the day, whose
 * wait is the longer.
 */
function bindingWindow(decision: QuotaDecision): 'minute' | 'day' {
  if (decision.exceeded !== null) return decision.exceeded;
  return decision.remainingMinute < decision.remainingDay ? 'minute' : 'day';
}

/**
 * Creates the header writer of a dialect. `draft`: `RateLimit-Policy` and `RateLimit` (both windows). `x-ratelimit`:
 * `X-RateLimit-Limit`, `-Remaining` and `-Reset` (seconds to reset) of the window that binds first, plus an
 * `Access-Control-Expose-Headers` entry naming them (a list header: browsers join it with the common one). `both`: all.
 * @example createRateLimitHeaders({ perMinute: 10, perDay: 100 }, { rateLimitHeaders: 'x-ratelimit' })
 */
export function createRateLimitHeaders(
  limits: QuotaLimits,
  options: { rateLimitHeaders: RateLimitHeaderDialect; retryAfter: RetryAfterFormat },
): RateLimitHeaders {
  const dialect = options.rateLimitHeaders;
  // `RateLimit-Policy` is constant per app, so written once.
  const policy = `"minute";q=${limits.perMinute};w=60, "day";q=${limits.perDay};w=86400`;
  const draft = dialect !== 'x-ratelimit';
  const xRateLimit = dialect !== 'draft';
  return {
    headers(decision) {
      const list: Array<[string, string]> = [];
      if (draft) {
        const left = `"minute";r=${decision.remainingMinute};t=${decision.resetMinute}, "day";r=${decision.remainingDay};t=${decision.resetDay}`;
        list.push(['ratelimit-policy', policy], ['ratelimit', left]);
      }
      if (xRateLimit) {
        const minute = bindingWindow(decision) === 'minute';
        list.push(
          ['x-ratelimit-limit', String(minute ? limits.perMinute : limits.perDay)],
          ['x-ratelimit-remaining', String(minute ? decision.remainingMinute : decision.remainingDay)],
          ['x-ratelimit-reset', String(minute ? decision.resetMinute : decision.resetDay)],
          ['access-control-expose-headers', X_RATE_LIMIT_HEADERS],
        );
      }
      return list;
    },
    retryAfter(decision, now) {
      const seconds = Math.max(1, decision.retryAfter);
      if (options.retryAfter !== 'http-date') return String(seconds);
      // Rounded up to the second, so that a client waiting until the date never comes before the window resets.
      return new Date(Math.ceil((now + seconds * 1000) / 1000) * 1000).toUTCString();
    },
  };
}
