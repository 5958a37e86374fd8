import type { CompanyRecord } from '../../core/company/index.js';
import type { InvalidReason } from '../../core/identifiers/index.js';
import type { NotFoundReason } from '../../core/world/index.js';

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

/** The JSON body of a 200 from `GET /api/v1/siret/{siret}`: the establishment's record, as generate gives it. */
export interface SiretLookupResponse {
  data: CompanyRecord;
  meta: GenerateMeta;
}

/**
 * The JSON body of a 200 from `GET /api/v1/siren/{siren}`: the unit's establishments, the head office first, then the others
 * from the latest down. `count` equals `data.length`, at most 100 of the unit's `establishment_count`.
 */
export interface SirenLookupResponse {
  count: number;
  establishment_count: number;
  data: CompanyRecord[];
  meta: GenerateMeta;
}

/** The extras an error body may carry besides `error` and `message`; `ERRORS` says which code carries which. */
export interface ErrorExtras {
  /** The tier maximum. */
  max_quantity: number;
  /** The longest request target accepted, in bytes. */
  max_length: number;
  /** Whole seconds to wait, equal to the `Retry-After` header. */
  retry_after: number;
  /** The pricing page. */
  upgrade: string;
  /** Why a lookup found nothing: why the number is invalid (400), or why a valid one has no company (404). */
  reason: InvalidReason | NotFoundReason;
  /** The unit's SIREN, when a SIRET's NIC is none of its establishments (`reason: 'unknown_establishment'`). */
  siren: string;
}

/** One row of `ERRORS`. */
export interface ErrorDefinition {
  readonly status: number;
  readonly required?: ReadonlyArray<keyof ErrorExtras>;
  readonly optional?: ReadonlyArray<keyof ErrorExtras>;
}

/**
 * Every error code the API answers with (the server's transport-level refusals and the control endpoints' included): its
 * status, and the extras its body always carries (`required`) or may carry (`optional`). The error types, the body schemas of
 * the OpenAPI document and its responses are derived from this table.
 */
export const ERRORS = {
  invalid_quantity: { status: 400, required: ['max_quantity'] },
  quantity_exceeds_limit: { status: 400, required: ['max_quantity'], optional: ['upgrade'] },
  invalid_format: { status: 400 },
  invalid_seed: { status: 400 },
  invalid_siret: { status: 400, required: ['reason'] },
  invalid_siren: { status: 400, required: ['reason'] },
  invalid_pass: { status: 401 },
  lifetime_pass_required: { status: 403, required: ['upgrade'] },
  not_found: { status: 404, optional: ['reason', 'siren'] },
  method_not_allowed: { status: 405 },
  rate_limit_exceeded: { status: 429, required: ['retry_after', 'upgrade'] },
  quota_store_unavailable: { status: 503, required: ['retry_after'] },
  internal_error: { status: 500 },
  bad_request: { status: 400 },
  request_timeout: { status: 408 },
  uri_too_long: { status: 414, required: ['max_length'] },
  expectation_failed: { status: 417 },
  request_header_fields_too_large: { status: 431 },
  invalid_control_request: { status: 400 },
  invalid_control_token: { status: 401 },
  control_forbidden: { status: 403 },
  control_unavailable: { status: 409 },
  unsupported_media_type: { status: 415 },
} as const;

/** One of the codes of `ERRORS`. */
export type ErrorCode = keyof typeof ERRORS;

type ExtrasIn<Row, Key extends 'required' | 'optional'> = Row extends { readonly [K in Key]: ReadonlyArray<infer Name> } ? Name : never;

/** The body of one error code: `error`, `message`, and the extras `ERRORS` gives that code. */
type ErrorResponseOf<Code extends ErrorCode> = { error: Code; message: string } & Pick<
  ErrorExtras,
  ExtrasIn<(typeof ERRORS)[Code], 'required'>
> &
  Partial<Pick<ErrorExtras, ExtrasIn<(typeof ERRORS)[Code], 'optional'>>>;

/**
 * Every error body, as a union on `error`: checking the code narrows the body to that code's extras.
 * @example if (body.error === 'rate_limit_exceeded') wait(body.retry_after);
 */
export type ErrorResponse = { [Code in ErrorCode]: ErrorResponseOf<Code> }[ErrorCode];

/** The 429 of the spec: `retry_after` and `upgrade` are always present. */
export type RateLimitErrorResponse = ErrorResponseOf<'rate_limit_exceeded'>;

/** The body of `/healthz`. */
export interface HealthResponse {
  status: 'ok';
}
