import { type HeaderList, JSON_HEADERS, withHeaders } from './response-headers.js';
import { STATUS_TEXT } from './status-text.js';
import type { ErrorCode, ErrorResponse } from './wire-types.js';

/** Extras an error body may carry besides `error` and `message`. */
export type ErrorExtras = Omit<ErrorResponse, 'error' | 'message'>;

/** Options of an error answer. */
export interface ErrorOptions {
  extras?: ErrorExtras;
  /** Headers besides the common ones (CORS, `Cache-Control`, `Content-Type`). */
  headers?: HeaderList;
  /** The class to build the answer with: a transport's own (the Node adapter's). @default globalThis.Response */
  Response?: typeof Response;
}

/**
 * Every refusal of the service, the server's transport-level ones included: `{ error, message, ...extras }` as JSON with the
 * common headers and the status's reason phrase.
 * @example errorResponse(400, 'invalid_format', 'format must be json or csv.')
 */
export function errorResponse(status: number, error: ErrorCode, message: string, options: ErrorOptions = {}): Response {
  const body: ErrorResponse = { error, message, ...options.extras };
  const ResponseClass = options.Response ?? Response;
  return new ResponseClass(JSON.stringify(body), {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers: (options.headers ? withHeaders(JSON_HEADERS, options.headers) : JSON_HEADERS) as HeadersInit,
  });
}
