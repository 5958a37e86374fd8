/** Header list as `[name, value]` pairs: the cheapest shape to hand to `new Response`. */
export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** Methods answered on every path of the service. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Response headers a cross-origin script may read (`Content-Length` is readable without being listed). */
export const EXPOSED_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After, Content-Disposition, WWW-Authenticate';

/** Request headers a CORS preflight grants when it names none: what browsers and common HTTP clients add on their own. */
export const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, X-Requested-With, Cache-Control';

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

/** Headers of a CORS preflight answer that asked for no request headers. */
const PREFLIGHT_HEADERS: HeaderList = [
  ...COMMON,
  ['access-control-allow-methods', ALLOWED_METHODS],
  ['access-control-allow-headers', ALLOWED_REQUEST_HEADERS],
  ['access-control-max-age', '86400'],
  ['vary', 'Access-Control-Request-Headers'],
];

// A comma-separated list of header names (RFC 9110 tokens), as browsers send in Access-Control-Request-Headers.
const HEADER_NAME_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
const MAX_REFLECTED = 1024;

/**
 * Headers of a CORS preflight: the request headers it asks for are granted as asked (a mock should never be the reason a
 * front end's instrumented fetch, `sentry-trace` or `traceparent` included, fails), `ALLOWED_REQUEST_HEADERS` when it asks
 * for none or sends something that is not a list of header names.
 */
export function preflightHeaders(requestHeaders: string | null): HeaderList {
  const asked = requestHeaders?.trim();
  if (!asked || asked.length > MAX_REFLECTED || !HEADER_NAME_LIST.test(asked)) return PREFLIGHT_HEADERS;
  return PREFLIGHT_HEADERS.map(([name, value]) => (name === 'access-control-allow-headers' ? [name, asked] : [name, value]));
}

/** A header list plus extra pairs; the constant lists are never mutated. */
export function withHeaders(base: HeaderList, ...extra: Array<HeaderList | undefined>): Array<[string, string]> {
  const out = base.slice() as Array<[string, string]>;
  for (const list of extra) if (list) for (const pair of list) out.push(pair as [string, string]);
  return out;
}
