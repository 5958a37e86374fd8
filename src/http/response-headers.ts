import type { QuotaDecision, QuotaLimits } from '../core/quota.js';

/** Header list as `[name, value]` pairs: the cheapest shape to hand to `new Response`. */
export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** Methods answered on every path of the service. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Response headers a cross-origin script may read. */
export const EXPOSED_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After, Content-Disposition';

/** Request headers a CORS preflight allows. */
export const ALLOWED_REQUEST_HEADERS = 'Authorization';

/** Sent on every response, errors included (the server's own refusals too), so browsers can read errors and rate-limit headers cross-origin. */
export const COMMON_HEADERS: HeaderList = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', EXPOSED_HEADERS],
  ['cache-control', 'no-store'],
];
const COMMON = COMMON_HEADERS;

/** Headers of every JSON response (bodies and errors). */
export const JSON_HEADERS: HeaderList = [...COMMON, ['content-type', 'application/json']];

/** Headers of a CSV export. */
export const CSV_HEADERS: HeaderList = [
  ...COMMON,
  ['content-type', 'text/csv; charset=utf-8; header=present'],
  ['content-disposition', 'attachment; filename="siret-export.csv"'],
];

/** Headers of a CORS preflight answer. */
export const PREFLIGHT_HEADERS: HeaderList = [
  ...COMMON,
  ['access-control-allow-methods', ALLOWED_METHODS],
  ['access-control-allow-headers', ALLOWED_REQUEST_HEADERS],
  ['access-control-max-age', '86400'],
];

/** `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers-10): constant per app, so computed once. */
export function formatRateLimitPolicy(limits: QuotaLimits): string {
  return `"minute";q=${limits.perMinute};w=60, "day";q=${limits.perDay};w=86400`;
}

/** `RateLimit`: what is left in each window and the seconds until it resets. */
export function formatRateLimit(decision: QuotaDecision): string {
  return `"minute";r=${decision.remainingMinute};t=${decision.resetMinute}, "day";r=${decision.remainingDay};t=${decision.resetDay}`;
}

/** Both rate-limit headers of a free-tier response. */
export function rateLimitHeaders(policy: string, decision: QuotaDecision): HeaderList {
  return [
    ['ratelimit-policy', policy],
    ['ratelimit', formatRateLimit(decision)],
  ];
}

/** A header list plus extra pairs; the constant lists are never mutated. */
export function withHeaders(base: HeaderList, ...extra: Array<HeaderList | undefined>): Array<[string, string]> {
  const out = base.slice() as Array<[string, string]>;
  for (const list of extra) if (list) for (const pair of list) out.push(pair as [string, string]);
  return out;
}
