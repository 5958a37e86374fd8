import type { QuotaDecision, QuotaLimits } from '../core/quota.js';
import { errorResponse } from './error-response.js';
import { createRateLimitHeaders, type RateLimitHeaders } from './rate-limit-dialect.js';

/** The spec's 429 message for the exhausted window, with the configured number. */
export function rateLimitMessage(window: 'minute' | 'day', limits: QuotaLimits): string {
  return window === 'day'
    ? `Too many requests. Limit: ${limits.perDay} per day.`
    : `Too many requests. Limit: ${limits.perMinute} per minute.`;
}

/**
 * The 429 of spec 7.1 for a refused decision: body `{ error: 'rate_limit_exceeded', message, retry_after, upgrade }`,
 * `Retry-After` equal to `retry_after`, and the rate-limit headers. Shared by the handler and the MSW `rateLimited` scenario.
 */
export function rateLimitedResponse(
  decision: QuotaDecision,
  limits: QuotaLimits,
  upgrade: string,
  options: { rateLimit?: RateLimitHeaders; now?: number; Response?: typeof Response } = {},
): Response {
  const window = decision.exceeded ?? 'minute';
  const retryAfter = Math.max(1, decision.retryAfter);
  const rateLimit = options.rateLimit ?? createRateLimitHeaders(limits);
  return errorResponse(429, 'rate_limit_exceeded', rateLimitMessage(window, limits), {
    extras: { retry_after: retryAfter, upgrade },
    headers: [['retry-after', rateLimit.retryAfter(decision, options.now ?? Date.now())], ...rateLimit.headers(decision)],
    ...(options.Response ? { Response: options.Response } : {}),
  });
}
