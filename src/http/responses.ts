import type { QuotaDecision, QuotaLimits } from '../core/quota/index.js';
import { createRateLimitHeaders, type RateLimitHeaders } from './rate-limit-dialect.js';
import { type HeaderList, JSON_HEADERS, withHeaders } from './response-headers.js';
import type { ErrorCode, ErrorExtras } from './wire-types.js';

/** The reason phrase of every status the service (and its server) answers with: the one status-text table. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  417: 'Expectation Failed',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The message of every `internal_error`, whichever layer answers it. */
export const INTERNAL_ERROR_MESSAGE = 'Internal error; the request was not served.';

/** The spec's 429 message for the exhausted window, with the configured number. */
export function rateLimitMessage(window: 'minute' | 'day', limits: QuotaLimits): string {
  return window === 'day'
    ? `Too many requests. Limit: ${limits.perDay} per day.`
    : `Too many requests. Limit: ${limits.perMinute} per minute.`;
}

/** An error answer as plain parts, for a transport that writes it without a `Response` (a socket the HTTP layer let go of). */
export interface ErrorParts {
  status: number;
  statusText: string;
  headers: HeaderList;
  body: string;
}

/** The parts of every refusal: `{ error, message, ...extras }` as JSON with the common headers, `headers` added. */
export function errorParts(
  status: number,
  error: ErrorCode,
  message: string,
  extras?: Partial<ErrorExtras>,
  headers?: HeaderList,
): ErrorParts {
  const body = { error, message, ...extras };
  return {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers: headers ? withHeaders(JSON_HEADERS, headers) : JSON_HEADERS,
    body: JSON.stringify(body),
  };
}

/** Every answer of the service, built with one `Response` class. */
export interface Responses {
  /** A 200 (or `status`) with a text body and these headers. */
  body(text: string, headers: HeaderList, status?: number): Response;
  /** A bodiless answer (204, preflights). */
  empty(status: number, headers: HeaderList): Response;
  /**
   * Every refusal, the server's transport-level ones included: `{ error, message, ...extras }` as JSON with the common
   * headers, `headers` added.
   * @example responses.error(400, 'invalid_format', 'format must be json or csv.')
   */
  error(status: number, error: ErrorCode, message: string, extras?: Partial<ErrorExtras>, headers?: HeaderList): Response;
  /**
   * The 429 of spec 7.1: `retry_after` and `upgrade` in the body, `Retry-After` and the rate-limit headers, in the dialect
   * of `rateLimit` (draft-10 and seconds by default); `now` dates an HTTP-date `Retry-After`.
   */
  rateLimited(decision: QuotaDecision, limits: QuotaLimits, upgrade: string, rateLimit?: RateLimitHeaders, now?: number): Response;
  /** The answer to HEAD made from the answer to GET: same status and headers, the GET body's `Content-Length`, no body. */
  head(get: Response): Promise<Response>;
}

const encoder = new TextEncoder();

/**
 * The response builders over one `Response` class: the global one by default, or a transport's own (the Node server passes
 * srvx's `FastResponse`, which it writes without building a full fetch `Response`). Chosen once, when an app is created.
 */
export function createResponses(ResponseClass: typeof Response = Response): Responses {
  const make = (body: string | null, status: number, headers: HeaderList): Response =>
    new ResponseClass(body, { status, statusText: STATUS_TEXT[status] ?? '', headers: headers as HeadersInit });
  const error: Responses['error'] = (...args) => {
    const parts = errorParts(...args);
    return make(parts.body, parts.status, parts.headers);
  };
  return {
    body: (text, headers, status = 200) => make(text, status, headers),
    empty: (status, headers) => make(null, status, headers),
    error,
    rateLimited(decision, limits, upgrade, rateLimit = createRateLimitHeaders(limits), now = Date.now()) {
      const retryAfter = Math.max(1, decision.retryAfter);
      return error(
        429,
        'rate_limit_exceeded',
        rateLimitMessage(decision.exceeded ?? 'minute', limits),
        { retry_after: retryAfter, upgrade },
        [['retry-after', rateLimit.retryAfter(decision, now)], ...rateLimit.headers(decision)],
      );
    },
    async head(get) {
      const length = encoder.encode(await get.text()).byteLength;
      const headers: Array<[string, string]> = [];
      get.headers.forEach((value, name) => {
        if (name !== 'content-length') headers.push([name, value]);
      });
      headers.push(['content-length', String(length)]);
      return new ResponseClass(null, { status: get.status, statusText: get.statusText || (STATUS_TEXT[get.status] ?? ''), headers });
    },
  };
}

/** The builders over the global `Response`: what the MSW handlers and the Vite plugin answer with. */
export const responses: Responses = createResponses();
