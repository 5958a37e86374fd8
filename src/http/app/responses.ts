import { QuotaStoreUnavailableError, type QuotaDecision, type QuotaLimits } from '../../core/quota/index.js';
import type { RateLimitHeaders } from './rate-limit-dialect.js';
import { type HeaderList, JSON_HEADERS, withHeaders } from './response-headers.js';
import { ERRORS, type ErrorCode, type ErrorExtras } from './wire-types.js';

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

/** The 500 of anything unexpected, whichever layer answers it: never a stack, a path or a secret. */
export const INTERNAL_ERROR: ErrorAnswer = { code: 'internal_error', message: INTERNAL_ERROR_MESSAGE };

/**
 * True for the error a quota store throws while it cannot be reached: the one place an outage is recognised, by class
 * or by name (a store bundled separately may carry its own copy of the class).
 */
export function isStoreOutage(error: unknown): error is Error {
  return error instanceof QuotaStoreUnavailableError || (error instanceof Error && error.name === 'QuotaStoreUnavailableError');
}

/** The answer to a request that failed: a 503 the client may retry in a second while the quota store is out, else a 500. */
export function failureAnswer(error: unknown): ErrorAnswer {
  if (!isStoreOutage(error)) return INTERNAL_ERROR;
  return {
    code: 'quota_store_unavailable',
    message: 'The quota store cannot be reached; retry in 1 second.',
    extras: { retry_after: 1 },
    headers: [['retry-after', '1']],
  };
}

/** The spec's 429 message for the exhausted window, with the configured number. */
function rateLimitMessage(window: 'minute' | 'day', limits: QuotaLimits): string {
  return window === 'day'
    ? `Too many requests. Limit: ${limits.perDay} per day.`
    : `Too many requests. Limit: ${limits.perMinute} per minute.`;
}

/** One refusal: its code (whose status the `ERRORS` table gives), the sentence for the client, and what it adds. */
export interface ErrorAnswer {
  code: ErrorCode;
  message: string;
  /** Fields of the body besides `error` and `message` (`retry_after`, `max_quantity`...). */
  extras?: Partial<ErrorExtras>;
  /** Headers added to `base` (`Allow`, `Retry-After`, the rate-limit headers...). */
  headers?: HeaderList;
  /** The headers it starts from. @default JSON_HEADERS (the common headers, CORS included, and JSON) */
  base?: HeaderList;
}

/** An error answer as plain parts, for a transport that writes it without a `Response` (a socket the HTTP layer let go of). */
export interface ErrorParts {
  status: number;
  statusText: string;
  headers: HeaderList;
  body: string;
}

/** The parts of every refusal: `{ error, message, ...extras }` as JSON, the status of its code, `headers` added to `base`. */
export function errorParts({ code, message, extras, headers, base = JSON_HEADERS }: ErrorAnswer): ErrorParts {
  const status = ERRORS[code].status;
  return {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers: headers ? withHeaders(base, headers) : base,
    body: JSON.stringify({ error: code, message, ...extras }),
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
   * headers, `headers` added, with the status the `ERRORS` table gives its code.
   * @example responses.error({ code: 'invalid_format', message: 'format must be json or csv.' })
   */
  error(answer: ErrorAnswer): Response;
  /**
   * The 429 of spec 7.1: `retry_after` and `upgrade` in the body, `Retry-After` and the rate-limit headers, in the dialect
   * of `rateLimit` (draft-10 and seconds by default); `now` dates an HTTP-date `Retry-After`.
   */
  rateLimited(decision: QuotaDecision, limits: QuotaLimits, upgrade: string, rateLimit: RateLimitHeaders, now: number): Response;
  /** The answer to HEAD made from the answer to GET: same status and headers, the GET body's `Content-Length`, no body. */
  head(get: Response): Promise<Response>;
}

const encoder = new TextEncoder();

/**
 * The response builders over one `Response` class: the global one by default, or a transport's own (the Node server passes
 * srvx's `FastResponse`, which it writes without building a full fetch `Response`). Chosen once, when an app is created.
 */
export function createResponses(ResponseClass: typeof Response = Response): Responses {
  const make = (body: string | null, headers: HeaderList, status = 200): Response =>
    new ResponseClass(body, { status, statusText: STATUS_TEXT[status] ?? '', headers: headers as HeadersInit });
  const error: Responses['error'] = (answer) => {
    const parts = errorParts(answer);
    return make(parts.body, parts.headers, parts.status);
  };
  return {
    body: make,
    empty: (status, headers) => make(null, headers, status),
    error,
    rateLimited(decision, limits, upgrade, rateLimit, now) {
      const retryAfter = Math.max(1, decision.retryAfter);
      return error({
        code: 'rate_limit_exceeded',
        message: rateLimitMessage(decision.exceeded ?? 'minute', limits),
        extras: { retry_after: retryAfter, upgrade },
        headers: [['retry-after', rateLimit.retryAfter(decision, now)], ...rateLimit.headers(decision)],
      });
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
