import { COMPANY_FIELDS } from '../core/company-record.js';
import { ERROR_CODES } from './wire-types.js';

// The wire format as data: JSON Schema (2020-12, the dialect of OpenAPI 3.1), written once. The OpenAPI document's
// `components.schemas` is this object; tests check served bodies against it with an independent validator.

type JsonSchema = Record<string, unknown>;
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const companyRecord: JsonSchema = {
  type: 'object',
  description: 'One fictitious company. Every field is a non-empty string.',
  required: [...COMPANY_FIELDS],
  additionalProperties: false,
  properties: {
    siret: {
      type: 'string',
      pattern: '^\\d{3} \\d{3} \\d{3} \\d{5}$',
      description: 'Luhn-valid SIRET: the SIREN and a 5-digit establishment number',
    },
    siren: { type: 'string', pattern: '^\\d{3} \\d{3} \\d{3}$', description: 'Luhn-valid SIREN, the first 11 characters of siret' },
    company: { type: 'string', minLength: 1, description: 'Company name, may include a legal form' },
    street_address: { type: 'string', minLength: 1, description: 'Street number and street name' },
    city: { type: 'string', minLength: 1, description: 'Official name of a current French commune' },
    postcode: { type: 'string', pattern: '^\\d{5}$', description: "One of the commune's postcodes" },
  },
};

const remaining = (window: string): JsonSchema => ({
  type: 'integer',
  minimum: -1,
  description: `Requests left ${window} after this one; -1 = unlimited (lifetime pass)`,
});

const generateMeta: JsonSchema = {
  type: 'object',
  required: ['generated_at', 'source', 'rate_limit_remaining_minute', 'rate_limit_remaining_day'],
  properties: {
    generated_at: {
      type: 'string',
      format: 'date-time',
      description: 'Time of generation, RFC 3339 with an explicit offset, e.g. 2026-11-22T05:35:35+00:00',
    },
    source: { type: 'string', description: 'Name of the originating service' },
    rate_limit_remaining_minute: remaining('this minute'),
    rate_limit_remaining_day: remaining('today (UTC)'),
  },
};

const generateResponse: JsonSchema = {
  type: 'object',
  required: ['count', 'data', 'meta'],
  properties: {
    count: { type: 'integer', minimum: 1, description: 'Number of records in data' },
    data: { type: 'array', items: ref('CompanyRecord') },
    meta: ref('GenerateMeta'),
  },
};

const errorProperties = {
  error: { type: 'string', enum: [...ERROR_CODES], description: 'Machine-readable code' },
  message: { type: 'string', description: 'What was wrong and what is allowed' },
  max_quantity: { type: 'integer', minimum: 1, description: 'The tier maximum (invalid_quantity, quantity_exceeds_limit)' },
  max_length: { type: 'integer', minimum: 1, description: 'The longest request target accepted, in bytes (uri_too_long)' },
  retry_after: { type: 'integer', minimum: 1, description: 'Whole seconds to wait, equal to the Retry-After header' },
  upgrade: { type: 'string', format: 'uri', description: 'The pricing page (free tier)' },
};

const errorResponse: JsonSchema = { type: 'object', required: ['error', 'message'], properties: errorProperties };

const rateLimitError: JsonSchema = {
  type: 'object',
  description: 'The 429 of a free-tier caller over its per-minute or per-day allowance.',
  required: ['error', 'message', 'retry_after', 'upgrade'],
  properties: { ...errorProperties, error: { type: 'string', const: 'rate_limit_exceeded' } },
};

const health: JsonSchema = { type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } };

/** The name of a body's schema in the OpenAPI document (`#/components/schemas/<name>`). */
export type JsonSchemaName = 'CompanyRecord' | 'GenerateMeta' | 'GenerateResponse' | 'Error' | 'RateLimitError' | 'Health';

/** The JSON Schemas of every body, by the name the OpenAPI document gives them. */
export const JSON_SCHEMAS: Readonly<Record<JsonSchemaName, JsonSchema>> = {
  CompanyRecord: companyRecord,
  GenerateMeta: generateMeta,
  GenerateResponse: generateResponse,
  Error: errorResponse,
  RateLimitError: rateLimitError,
  Health: health,
};
