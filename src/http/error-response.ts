import { contentLengthOf, type HeaderList, JSON_HEADERS, withHeaders } from './response-headers.js';
import { type ServiceResponse, toResponse } from './service-exchange.js';
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

/** Options of an error answer. */
export interface ErrorOptions {
  extras?: ErrorExtras;
  headers?: HeaderList;
  /** Drop the body: HEAD answers as GET would (`Content-Length` included), without a body. */
  head?: boolean;
}

/** A JSON error as plain data: `{ error, message, ...extras }` with the common headers. */
export function errorExchange(status: number, error: ErrorCode, message: string, options: ErrorOptions = {}): ServiceResponse {
  const body = JSON.stringify({ error, message, ...options.extras } satisfies ErrorResponseBody);
  const headers = options.headers ? withHeaders(JSON_HEADERS, options.headers) : JSON_HEADERS;
  const statusText = STATUS_TEXT[status] ?? '';
  if (options.head) return { status, statusText, headers: withHeaders(headers, contentLengthOf(body)), body: null };
  return { status, statusText, headers, body };
}

/**
 * A JSON error response: `{ error, message, ...extras }` with the common headers. `head` drops the body (HEAD answers as
 * GET would, without a body).
 * @example errorResponse(400, 'invalid_format', 'format must be json or csv.')
 */
export function errorResponse(status: number, error: ErrorCode, message: string, options: ErrorOptions = {}): Response {
  return toResponse(errorExchange(status, error, message, options));
}
