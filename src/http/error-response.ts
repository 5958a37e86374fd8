import { type HeaderList, JSON_HEADERS, withHeaders } from './response-headers.js';
import type { ErrorCode, ErrorResponseBody } from './schemas.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Extras an error body may carry besides `error` and `message`. */
export type ErrorExtras = Omit<ErrorResponseBody, 'error' | 'message'>;

/**
 * A JSON error response: `{ error, message, ...extras }` with the common headers. `head` drops the body (HEAD answers as
 * GET would, without a body).
 * @example errorResponse(400, 'invalid_format', 'format must be json or csv.')
 */
export function errorResponse(
  status: number,
  error: ErrorCode,
  message: string,
  options: { extras?: ErrorExtras; headers?: HeaderList; head?: boolean } = {},
): Response {
  const body: ErrorResponseBody = { error, message, ...options.extras };
  return new Response(options.head ? null : JSON.stringify(body), {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers: options.headers ? withHeaders(JSON_HEADERS, options.headers) : (JSON_HEADERS as Array<[string, string]>),
  });
}
