import type { QuotaDecision, QuotaLimits } from '../core/quota.js';

/** Header list as `[name, value]` pairs: the cheapest shape to hand to `new Response`. */
export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** Methods answered on every path of the service. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

// Sent on every response, errors included, so browsers can read errors and rate-limit headers cross-origin.
const COMMON: HeaderList = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', 'RateLimit, RateLimit-Policy, Retry-After, Content-Disposition, WWW-Authenticate'],
  ['cache-control', 'no-store'],
];

/** Headers of every JSON response (bodies and errors). */
export const JSON_HEADERS: HeaderList = [...COMMON, ['content-type', 'application/json']];

/** Headers of a CSV export. */
export const CSV_HEADERS: HeaderList = [
  ...COMMON,
  ['content-type', 'text/csv; charset=utf-8; header=present'],
  ['content-disposition', 'attachment; filename="siret-export.csv"'],
];

/** Request headers a preflight grants when it names none: what browsers and common HTTP clients add on their own. */
export const DEFAULT_ALLOWED_HEADERS = 'Authorization, Content-Type, X-Requested-With, Cache-Control';

/** Headers of a CORS preflight answer that asked for no request headers. */
const PREFLIGHT_HEADERS: HeaderList = [
  ...COMMON,
  ['access-control-allow-methods', ALLOWED_METHODS],
  ['access-control-allow-headers', DEFAULT_ALLOWED_HEADERS],
  ['access-control-max-age', '86400'],
  ['vary', 'Access-Control-Request-Headers'],
];

// A comma-separated list of header names (RFC 9110 tokens), as browsers send in Access-Control-Request-Headers.
const HEADER_NAME_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
const MAX_REFLECTED = 1024;

/**
 * Headers of a CORS preflight: the request headers it asks for are granted as asked (a mock should never be the reason a
 * front end's instrumented fetch, `sentry-trace` or `traceparent` included, fails), the default list when it asks for none
 * or sends something that is not a list of header names.
 */
export function preflightHeaders(requestHeaders: string | null): HeaderList {
  const asked = requestHeaders?.trim();
  if (!asked || asked.length > MAX_REFLECTED || !HEADER_NAME_LIST.test(asked)) return PREFLIGHT_HEADERS;
  return PREFLIGHT_HEADERS.map(([name, value]) => (name === 'access-control-allow-headers' ? [name, asked] : [name, value]));
}

/** The byte length of a text in UTF-8, without encoding it: the `Content-Length` a HEAD answer repeats from GET. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** `Content-Length` of a body a HEAD answer leaves out. */
export function contentLengthOf(text: string): HeaderList {
  return [['content-length', String(utf8Length(text))]];
}

/** `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers-10): constant per app, so computed once. */
export function formatRateLimitPolicy(limits: QuotaLimits): string {
  return `"minute";q=${limits.perMinute};w=60, "day";q=${limits.perDay};w=86400`;
}

/** `RateLimit`: what is left in each window and the seconds until it resets. */
function formatRateLimit(decision: QuotaDecision): string {
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
