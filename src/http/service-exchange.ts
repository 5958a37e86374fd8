import type { HeaderList } from './response-headers.js';

/**
 * The parts of a request the service reads. A fetch `Request` is one; the Node adapter passes a light view of an
 * `IncomingMessage` instead, so the server skips building `Request` and `Response` objects it would only take apart again.
 */
export interface ServiceRequest {
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
}

/** A response as plain data: `app.fetch` turns it into a `Response`; the Node adapter writes it to the socket as it is. */
export interface ServiceResponse {
  status: number;
  statusText?: string;
  headers: HeaderList;
  /** `null` for HEAD, 204 and bodiless answers. */
  body: string | null;
}

/** The fetch `Response` of a plain response. */
export function toResponse(response: ServiceResponse): Response {
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText ?? '',
    headers: response.headers as Array<[string, string]>,
  });
}
