import * as z from 'zod/mini';

// The wire format as zod 4 (mini) schemas. The handler validates query parameters with them, types its bodies with them, the
// MSW `db` collection stores records with them, and the OpenAPI document is generated from them (z.toJSONSchema).

const DIGITS = /^[0-9]+$/;

/** `quantity` as it appears in the query: base-10 digits only (range checked against the caller's tier). */
export const quantityParamSchema = z.string().check(
  z.regex(DIGITS),
  z.describe('Number of records, 1 to the tier maximum (free 50, lifetime 100). Digits only; empty or repeated is rejected. Default 5.'),
);
/** `format`: lower-case `json` or `csv`. */
export const formatParamSchema = z.enum(['json', 'csv']).check(
  z.describe('Response format. Without it, CSV is chosen when Accept prefers text/csv over application/json. CSV needs the lifetime pass.'),
);
/** `excel`: `1` for the French-Excel CSV dialect (BOM and `;`), `0` for RFC 4180. */
export const excelParamSchema = z.enum(['0', '1']).check(z.describe('1: UTF-8 BOM and `;` separator (French Excel). Only affects CSV.'));
/** `seed`: base-10 digits, 0..4294967295 (range checked by the handler). */
export const seedParamSchema = z.string().check(
  z.regex(DIGITS),
  z.describe('Whole number 0..4294967295. The same seed gives the same records; quantity k gives the first k records of the seed.'),
);

/** One company record. */
export const companyRecordSchema = z.object({
  siret: z.string().check(z.regex(/^\d{3} \d{3} \d{3} \d{5}$/), z.describe('Luhn-valid SIRET: the SIREN and a 5-digit establishment number')),
  siren: z.string().check(z.regex(/^\d{3} \d{3} \d{3}$/), z.describe('Luhn-valid SIREN, the first 11 characters of siret')),
  company: z.string().check(z.minLength(1), z.describe('Company name, may include a legal form')),
  street_address: z.string().check(z.minLength(1), z.describe('Street number and street name')),
  city: z.string().check(z.minLength(1), z.describe('Official name of a current French commune')),
  postcode: z.string().check(z.regex(/^\d{5}$/), z.describe("One of the commune's postcodes")),
});

/** `meta` of a 200. */
export const generateMetaSchema = z.object({
  generated_at: z.string().check(z.describe('RFC 3339 time of generation with an explicit offset, e.g. 2026-11-22T05:35:35+00:00')),
  source: z.string().check(z.describe('Name of the originating service')),
  rate_limit_remaining_minute: z.int().check(z.minimum(-1), z.describe('Requests left this minute after this one; -1 = unlimited (lifetime pass)')),
  rate_limit_remaining_day: z.int().check(z.minimum(-1), z.describe('Requests left today (UTC) after this one; -1 = unlimited (lifetime pass)')),
});

/** The JSON body of a 200. */
export const generateResponseSchema = z.object({
  count: z.int().check(z.minimum(1), z.describe('Number of records in data')),
  data: z.array(companyRecordSchema),
  meta: generateMetaSchema,
});

/** Every error code the API answers with. */
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
  'expectation_failed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error body: `error`, `message`, and extras that depend on the code. */
export const errorResponseSchema = z.object({
  error: z.enum(ERROR_CODES),
  message: z.string().check(z.describe('What was wrong and what is allowed')),
  max_quantity: z.optional(z.int().check(z.describe('The tier maximum (invalid_quantity, quantity_exceeds_limit)'))),
  retry_after: z.optional(z.int().check(z.minimum(1), z.describe('Seconds to wait, equal to the Retry-After header'))),
  upgrade: z.optional(z.string().check(z.describe('Pricing page URL (free tier)'))),
});

/** `/healthz` body. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

export type CompanyRecordBody = z.infer<typeof companyRecordSchema>;
export type GenerateResponseBody = z.infer<typeof generateResponseSchema>;
export type ErrorResponseBody = z.infer<typeof errorResponseSchema>;
