import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Clock } from '../src/core/clock.js';
import { DEFAULT_QUOTA_LIMITS, secondsToUtcMidnight, type QuotaLimits } from '../src/core/quota.js';
import { errorResponse } from '../src/http/error-response.js';
import { headResponse } from '../src/http/head-response.js';
import { createRateLimitHeaders, type RateLimitHeaderDialect, type RetryAfterFormat } from '../src/http/rate-limit-dialect.js';
import { rateLimitedResponse } from '../src/http/rate-limited-response.js';
import { GENERATE_PATH } from '../src/http/routes.js';
import { systemClock } from '../src/http/system-clock.js';
import { servicePattern } from './create-handlers.js';

/** Which requests a scenario takes over. */
export interface ScenarioOptions {
  /** How many requests it answers before letting later ones through; `Infinity` for all. @default 1 */
  times?: number;
  /** Same as `createHandlers({ baseUrl })`. @default undefined (any origin) */
  baseUrl?: string;
}

/** Options of `scenarios.rateLimited`. */
export interface RateLimitedOptions extends ScenarioOptions {
  /** Which limit is exhausted; it picks the message. @default 'minute' */
  window?: 'minute' | 'day';
  /** The limits named in the message and headers. @default { perMinute: 10, perDay: 100 } */
  limits?: Partial<QuotaLimits>;
  /** `retry_after` and `Retry-After`, in seconds. @default 60 for 'minute'; the seconds to 00:00 UTC for 'day' */
  retryAfter?: number;
  /** `upgrade` in the body. @default `${request origin}/pricing` */
  upgradeUrl?: string;
  /** The clock used for the seconds to midnight (and an HTTP-date `Retry-After`). @default real time */
  clock?: Clock;
  /** Same as `createHandlers({ rateLimitHeaders })`. @default 'draft' */
  rateLimitHeaders?: RateLimitHeaderDialect;
  /** How `Retry-After` is written, as `createHandlers({ retryAfter })`: `seconds` or `http-date`. @default 'seconds' */
  retryAfterFormat?: RetryAfterFormat;
}

/** A handler for the generate path that answers `times` requests (preflights excluded) and then steps aside. */
function takeOver(
  options: ScenarioOptions,
  respond: (request: Request) => Promise<Response | undefined> | Response | undefined,
): HttpHandler {
  let left = options.times ?? 1;
  return http.all(servicePattern(GENERATE_PATH, options.baseUrl), async ({ request }) => {
    if (left <= 0 || request.method === 'OPTIONS') return undefined;
    left--;
    const response = await respond(request);
    return response !== undefined && response.type !== 'error' && request.method === 'HEAD' ? headResponse(response) : response;
  });
}

/**
 * Ready-made failures for frontend tests, to pass to `server.use(...)` / `worker.use(...)` on top of `createHandlers()`.
 * Each call makes a fresh handler with its own count.
 * @example server.use(scenarios.rateLimited({ window: 'day' }))
 */
export const scenarios = {
  /** The next request(s) get the spec's 429 with `Retry-After`, `RateLimit` and `RateLimit-Policy`. */
  rateLimited(options: RateLimitedOptions = {}): HttpHandler {
    const window = options.window ?? 'minute';
    const limits: QuotaLimits = { ...DEFAULT_QUOTA_LIMITS, ...options.limits };
    const clock = options.clock ?? systemClock;
    const rateLimit = createRateLimitHeaders(limits, {
      ...(options.rateLimitHeaders ? { rateLimitHeaders: options.rateLimitHeaders } : {}),
      ...(options.retryAfterFormat ? { retryAfter: options.retryAfterFormat } : {}),
    });
    return takeOver(options, (request) => {
      const now = clock.now();
      const resetDay = secondsToUtcMidnight(now);
      const retryAfter = Math.max(1, Math.ceil(options.retryAfter ?? (window === 'day' ? resetDay : 60)));
      const decision = {
        allowed: false,
        exceeded: window,
        remainingMinute: window === 'minute' ? 0 : limits.perMinute,
        remainingDay: window === 'day' ? 0 : Math.max(0, limits.perDay - limits.perMinute),
        resetMinute: window === 'minute' ? retryAfter : 60,
        resetDay: window === 'day' ? retryAfter : resetDay,
        retryAfter,
      };
      const upgrade = options.upgradeUrl ?? `${new URL(request.url).origin}/pricing`;
      return rateLimitedResponse(decision, limits, upgrade, { rateLimit, now });
    });
  },
  /** The next request(s) get a JSON 500 `internal_error`. */
  serverError(options: ScenarioOptions = {}): HttpHandler {
    return takeOver(options, () => errorResponse(500, 'internal_error', 'Internal error; the request was not served.'));
  },
  /** The next request(s) fail at the network level: `fetch` rejects with a TypeError. */
  networkError(options: ScenarioOptions = {}): HttpHandler {
    return takeOver(options, () => HttpResponse.error());
  },
  /** The next request(s) wait `ms` milliseconds, then are answered by the handlers behind (the normal contract). */
  slow(ms: number, options: ScenarioOptions = {}): HttpHandler {
    return takeOver(options, async () => {
      await delay(ms);
      return undefined;
    });
  },
};
