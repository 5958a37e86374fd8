import type { CompanyRecord } from '../core/company-record.js';

// The wire format as plain TypeScript types: what a client of the API reads. The same shapes are described once more as data
// (JSON Schema, json-schemas.ts) for the OpenAPI document; a test checks served bodies against those schemas.

export type { CompanyRecord };

/** `meta` of a 200: when, by whom, and what is left of the caller's allowances (-1: unlimited, lifetime pass). */
export interface GenerateMeta {
  /** RFC 3339 with an explicit offset and whole seconds, e.g. `2026-11-22T05:35:35+00:00`. */
  generated_at: string;
  /** The service name, `siret-mock` unless configured. */
  source: string;
  rate_limit_remaining_minute: number;
  rate_limit_remaining_day: number;
}

/** The JSON body of a 200 from `GET /api/v1/generate`. `count` equals `data.length`. */
export interface GenerateResponse {
  count: number;
  data: CompanyRecord[];
  meta: GenerateMeta;
}

/** Every error code the API answers with, the server's own transport-level refusals included. */
export const ERROR_CODES = [
  'invalid_quantity',
  'quantity_exceeds_limit',
  'invalid_format',
  'invalid_seed',
  'invalid_pass',
  'lifetime_pass_required',
  'not_found',
  'method_not_allowed',
  'rate_limit_exceeded',
  'quota_store_unavailable',
  'internal_error',
  'bad_request',
  'request_timeout',
  'uri_too_long',
  'expectation_failed',
  'request_header_fields_too_large',
  'invalid_control_request',
  'invalid_control_token',
  'control_forbidden',
  'control_unavailable',
  'unsupported_media_type',
] as const;

/** One of `ERROR_CODES`. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error body: `error`, `message`, and the extras some codes carry. */
export interface ErrorResponse {
  error: ErrorCode;
  /** What was wrong and what is allowed. */
  message: string;
  /** The tier maximum (`invalid_quantity`, `quantity_exceeds_limit`). */
  max_quantity?: number;
  /** The longest request target accepted, in bytes (`uri_too_long`). */
  max_length?: number;
  /** Whole seconds to wait, equal to the `Retry-After` header (`rate_limit_exceeded`, `quota_store_unavailable`). */
  retry_after?: number;
  /** The pricing page (free tier). */
  upgrade?: string;
}

/** The 429 of the spec: `retry_after` and `upgrade` are always present. */
export interface RateLimitErrorResponse extends ErrorResponse {
  error: 'rate_limit_exceeded';
  retry_after: number;
  upgrade: string;
}

/** The body of `/healthz`. */
export interface HealthResponse {
  status: 'ok';
}
