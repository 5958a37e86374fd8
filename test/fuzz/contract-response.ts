import { expect } from 'vitest';
import { ERRORS, type ErrorResponse, type GenerateResponse } from '../../src/http/app/index.js';
import { wireSchemaErrors } from '../support/wire-schema.js';
import type { FuzzRequest } from './request-arbitraries.js';

// Which codes each error status may carry (the contract's error table).
const CODES_BY_STATUS: Record<number, readonly string[]> = {
  400: ['invalid_quantity', 'quantity_exceeds_limit', 'invalid_format', 'invalid_seed', 'invalid_siret', 'invalid_siren'],
  401: ['invalid_pass'],
  403: ['lifetime_pass_required'],
  404: ['not_found'],
  405: ['method_not_allowed'],
  429: ['rate_limit_exceeded'],
  500: ['internal_error'],
  503: ['quota_store_unavailable'],
};
// A V8 stack frame, as it would appear if an error leaked into a body.
export const STACK_FRAME: RegExp = /\n\s+at .+[(:]\d+/;

/** Everything the contract promises about any response, whatever the request. Returns the status. */
export async function expectContractResponse(
  request: FuzzRequest,
  response: Response,
  options: { allow5xx: boolean; transportCodes?: Record<number, readonly string[]> },
): Promise<number> {
  const { status } = response;
  const method = request.method.toUpperCase();
  const text = await response.text();
  const where = `${request.method} ${request.path}${request.query} -> ${status} ${text.slice(0, 200)}`;
  if (!options.allow5xx) expect(status, where).toBeLessThan(500);
  const transport = options.transportCodes ?? {};
  expect(Object.keys(CODES_BY_STATUS).concat(Object.keys(transport)).map(Number).concat([200, 204]), where).toContain(status);
  expect(response.headers.get('access-control-allow-origin'), where).toBe('*');
  if (method === 'HEAD') expect(text, where).toBe('');
  if (status === 204) {
    expect(method, where).toBe('OPTIONS');
    expect(text, where).toBe('');
  }

  // Remaining counts are never negative, in headers as in bodies.
  const rateLimit = response.headers.get('ratelimit');
  if (rateLimit !== null) {
    const remaining = [...rateLimit.matchAll(/;r=(-?\d+)/g)].map((match) => Number(match[1]));
    expect(remaining, where).toHaveLength(2);
    for (const value of remaining) expect(value, where).toBeGreaterThanOrEqual(0);
    for (const match of rateLimit.matchAll(/;t=(-?\d+)/g)) expect(Number(match[1]), where).toBeGreaterThanOrEqual(1);
  }

  if (status >= 300) {
    expect(response.headers.get('content-type'), where).toBe('application/json');
    if (status === 429 || status === 503) {
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1, where).toBe(true);
    }
    if (method !== 'HEAD') {
      expect(text, where).not.toMatch(STACK_FRAME);
      const body: unknown = JSON.parse(text);
      const transportError = (body as { error?: unknown }).error;
      if (typeof transportError === 'string' && transport[status]?.includes(transportError)) {
        // Refused by the server before the handler (Node's parser, size limits, timeouts): the server's own JSON.
        expect(body, where).toMatchObject({ message: expect.any(String) });
        return status;
      }
      expect(wireSchemaErrors('Error', body), where).toEqual([]);
      const error = body as ErrorResponse;
      expect(ERRORS[error.error].status, where).toBe(status);
      expect(CODES_BY_STATUS[status], where).toContain(error.error);
      if ('retry_after' in error) expect(String(error.retry_after), where).toBe(response.headers.get('retry-after'));
    }
  } else if (status === 200 && method !== 'HEAD') {
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('text/csv')) {
      expect(text.replace(/^\ufeff/, '').slice(0, 60), where).toMatch(
        /^siret[,;]siren[,;]company[,;]street_address[,;]city[,;]postcode\r\n/,
      );
    } else {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && 'data' in body && !('count' in body)) {
        expect(wireSchemaErrors('SiretLookupResponse', body), where).toEqual([]);
      } else if (typeof body === 'object' && body !== null && 'count' in body) {
        expect(wireSchemaErrors('establishment_count' in body ? 'SirenLookupResponse' : 'GenerateResponse', body), where).toEqual([]);
        const generated = body as GenerateResponse;
        expect(generated.count, where).toBe(generated.data.length);
        for (const remaining of [generated.meta.rate_limit_remaining_minute, generated.meta.rate_limit_remaining_day]) {
          // -1 is the lifetime pass's "unlimited" (and then no RateLimit header); a free caller never sees a negative count.
          if (remaining === -1) expect(rateLimit, where).toBeNull();
          else expect(remaining, where).toBeGreaterThanOrEqual(0);
        }
      } else {
        // The other 200 JSON bodies: /healthz and the OpenAPI document (also reached through paths the URL parser normalises).
        expect(body, where).toSatisfy(
          (value: unknown) => typeof value === 'object' && value !== null && ('status' in value || 'openapi' in value),
        );
      }
    }
  }
  return status;
}
