import { COMPANY_FIELDS } from '../../core/company/index.js';
import { ERRORS, type ErrorCode, type ErrorDefinition, type ErrorExtras } from '../app/index.js';

// The wire format as data: JSON Schema (2020-12, the dialect of OpenAPI 3.1), written once. The OpenAPI document's
// `components.schemas` are those of this object its paths use; tests check served bodies against it with an independent
// validator.

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

const siretLookupResponse: JsonSchema = {
  type: 'object',
  required: ['data', 'meta'],
  properties: { data: ref('CompanyRecord'), meta: ref('GenerateMeta') },
};

const sirenLookupResponse: JsonSchema = {
  type: 'object',
  required: ['count', 'establishment_count', 'data', 'meta'],
  properties: {
    count: { type: 'integer', minimum: 1, maximum: 100, description: 'Number of records in data: the establishments listed' },
    establishment_count: { type: 'integer', minimum: 1, description: "The unit's establishments, active and ceased" },
    data: { type: 'array', items: ref('CompanyRecord'), description: 'The head office first, then the others from the latest down' },
    meta: ref('GenerateMeta'),
  },
};

const EXTRAS: Readonly<Record<keyof ErrorExtras, JsonSchema>> = {
  max_quantity: { type: 'integer', minimum: 1, description: 'The tier maximum' },
  max_length: { type: 'integer', minimum: 1, description: 'The longest request target accepted, in bytes' },
  retry_after: { type: 'integer', minimum: 1, description: 'Whole seconds to wait, equal to the Retry-After header' },
  upgrade: { type: 'string', format: 'uri', description: 'The pricing page' },
  reason: { type: 'string', description: 'Why, as a code a form can switch on' },
  siren: { type: 'string', pattern: '^\\d{3} \\d{3} \\d{3}$', description: "The unit's SIREN, whose lookup lists its establishments" },
};

// The reasons each code answers with: the invalid number's check that failed, or why a valid number has no company.
const INVALID_REASONS = {
  enum: ['digits', 'length', 'check_digit', 'la_poste_rule'],
  description: 'The check that failed, in the order they run: digits, length, la_poste_rule (La Poste SIRETs), check_digit (Luhn)',
};
const REASONS: Partial<Record<ErrorCode, JsonSchema>> = {
  invalid_siret: INVALID_REASONS,
  invalid_siren: { ...INVALID_REASONS, enum: ['digits', 'length', 'check_digit'] },
  not_found: {
    enum: ['unused_number', 'public_body', 'la_poste', 'unknown_establishment'],
    description:
      "A lookup's valid number outside the world: a SIREN starting with 0 (unused_number), 1 or 2 (public_body), La Poste's " +
      "(la_poste), or a NIC that is none of the unit's establishments (unknown_establishment, with siren). Absent on an unknown path.",
  },
};

type PascalCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Capitalize<Head>}${PascalCase<Tail>}` : Capitalize<S>;

/** The name of one error code's body schema: the code in PascalCase (`rate_limit_exceeded` -> `RateLimitExceeded`). */
type ErrorSchemaName = PascalCase<ErrorCode>;

const schemaNameOf = (code: ErrorCode): ErrorSchemaName =>
  code.replace(/(?:^|_)([a-z])/g, (_match, letter: string) => letter.toUpperCase()) as ErrorSchemaName;

// One body schema per error code, from the ERRORS table: `error` is that code alone, the extras are the code's.
function errorBody(code: ErrorCode): JsonSchema {
  const { status, required = [], optional = [] }: ErrorDefinition = ERRORS[code];
  const properties: Record<string, JsonSchema> = {
    error: { type: 'string', const: code, description: 'Machine-readable code' },
    message: { type: 'string', description: 'What was wrong and what is allowed' },
  };
  for (const extra of [...required, ...optional]) properties[extra] = EXTRAS[extra];
  if (REASONS[code] !== undefined) properties.reason = { type: 'string', ...REASONS[code] };
  return {
    type: 'object',
    description: `The ${status} ${code}.`,
    required: ['error', 'message', ...required],
    properties,
    additionalProperties: false,
  };
}

const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/**
 * The schema of a body that is one of `codes`: that code's schema, or for several a `oneOf` discriminated on `error`, which
 * code generators turn into a union a client narrows by checking the code.
 */
export function errorSchema(codes: readonly ErrorCode[]): JsonSchema {
  if (codes.length === 1) return ref(schemaNameOf(codes[0] as ErrorCode));
  return {
    oneOf: codes.map((code) => ref(schemaNameOf(code))),
    discriminator: {
      propertyName: 'error',
      mapping: Object.fromEntries(codes.map((code) => [code, `#/components/schemas/${schemaNameOf(code)}`])),
    },
  };
}

const health: JsonSchema = { type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } };

/** The name of a body's schema in the OpenAPI document (`#/components/schemas/<name>`); `Error` is any error body. */
export type JsonSchemaName =
  | 'CompanyRecord'
  | 'GenerateMeta'
  | 'GenerateResponse'
  | 'SiretLookupResponse'
  | 'SirenLookupResponse'
  | 'Error'
  | 'Health'
  | ErrorSchemaName;

/** The JSON Schemas of every body, by the name the OpenAPI document gives them (`Error`, any error body, is for tests). */
export const JSON_SCHEMAS: Readonly<Record<JsonSchemaName, JsonSchema>> = {
  CompanyRecord: companyRecord,
  GenerateMeta: generateMeta,
  GenerateResponse: generateResponse,
  SiretLookupResponse: siretLookupResponse,
  SirenLookupResponse: sirenLookupResponse,
  Error: errorSchema(ERROR_CODES),
  Health: health,
  ...(Object.fromEntries(ERROR_CODES.map((code) => [schemaNameOf(code), errorBody(code)])) as Record<ErrorSchemaName, JsonSchema>),
};
