import * as z from 'zod/mini';
import type { QuotaLimits } from '../core/quota.js';
import { ALLOWED_METHODS, DEFAULT_ALLOWED_HEADERS } from './response-headers.js';
import {
  companyRecordSchema,
  errorResponseSchema,
  excelParamSchema,
  formatParamSchema,
  generateMetaSchema,
  generateResponseSchema,
  healthResponseSchema,
  quantityParamSchema,
  seedParamSchema,
} from './schemas.js';

// Loaded on the first request for /api/v1/openapi.json only (dynamic import), so z.toJSONSchema stays out of the hot path
// and out of the first chunk of a browser bundle.

/** What the document states about this app's configuration. */
export interface OpenApiSettings {
  quota: QuotaLimits;
  maxQuantity: { free: number; lifetime: number };
}

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as JsonObject;
  return rest;
}

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
const header = (description: string, schema: JsonObject = { type: 'string' }): JsonObject => ({ description, schema });

const errorContent = { 'application/json': { schema: ref('Error') } };

/**
 * The OpenAPI 3.1 document of the service, generated from the zod schemas the handler validates and answers with.
 * @example createOpenApiDocument({ quota: { perMinute: 10, perDay: 100 }, maxQuantity: { free: 50, lifetime: 100 } })
 */
export function createOpenApiDocument(settings: OpenApiSettings): JsonObject {
  const registry = z.registry<{ id: string }>();
  registry.add(companyRecordSchema, { id: 'CompanyRecord' });
  registry.add(generateMetaSchema, { id: 'GenerateMeta' });
  registry.add(generateResponseSchema, { id: 'GenerateResponse' });
  registry.add(errorResponseSchema, { id: 'Error' });
  registry.add(healthResponseSchema, { id: 'Health' });
  const generated = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, JsonObject> };
  const schemas: Record<string, JsonObject> = {};
  for (const [name, { $schema: _s, $id: _i, ...schema }] of Object.entries(generated.schemas)) schemas[name] = schema;

  const { perMinute, perDay } = settings.quota;
  const { free, lifetime } = settings.maxQuantity;
  const commonHeaders = {
    'Access-Control-Allow-Origin': { $ref: '#/components/headers/AccessControlAllowOrigin' },
    'Cache-Control': { $ref: '#/components/headers/CacheControl' },
  };
  const limitHeaders = {
    ...commonHeaders,
    RateLimit: { $ref: '#/components/headers/RateLimit' },
    'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
  };
  const errors = {
    '400': {
      description: 'invalid_quantity, invalid_format, invalid_seed (checked in that order), then quantity_exceeds_limit. Counted against the quota.',
      headers: limitHeaders,
      content: errorContent,
    },
    '401': {
      description: 'invalid_pass: a Bearer token that is not a known pass. Not counted.',
      headers: { ...commonHeaders, 'WWW-Authenticate': header('Bearer error="invalid_token"') },
      content: errorContent,
    },
    '403': { description: 'lifetime_pass_required: CSV asked on the free tier. Counted.', headers: limitHeaders, content: errorContent },
    '405': { description: 'method_not_allowed', headers: { ...commonHeaders, Allow: header(ALLOWED_METHODS) }, content: errorContent },
    '429': {
      description: `rate_limit_exceeded: more than ${perMinute} requests in the caller's minute window or ${perDay} in the UTC day. Not counted.`,
      headers: { ...limitHeaders, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: errorContent,
    },
    '500': { description: 'internal_error', headers: commonHeaders, content: errorContent },
    '503': {
      description: 'quota_store_unavailable: the shared quota store cannot be reached; retry_after is 1.',
      headers: { ...commonHeaders, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: errorContent,
    },
  };
  const parameters = [
    { name: 'quantity', in: 'query', required: false, schema: { ...jsonSchema(quantityParamSchema), default: '5' }, example: '5' },
    { name: 'format', in: 'query', required: false, schema: jsonSchema(formatParamSchema) },
    { name: 'excel', in: 'query', required: false, schema: jsonSchema(excelParamSchema) },
    { name: 'seed', in: 'query', required: false, schema: jsonSchema(seedParamSchema), example: '42' },
  ];
  const generate = {
    operationId: 'generate',
    summary: 'Generate fictitious French company records',
    description:
      `Free tier: at most ${free} records, ${perMinute} requests per fixed 60 s window (opened by the caller's first counted request) ` +
      `and ${perDay} per UTC day. Lifetime pass (Authorization: Bearer <pass>): at most ${lifetime} records, no rate limit, CSV.`,
    parameters,
    security: [{}, { lifetimePass: [] }],
    responses: {
      '200': {
        description: 'The records. RateLimit headers on the free tier only.',
        headers: limitHeaders,
        content: {
          'application/json': { schema: ref('GenerateResponse') },
          'text/csv': {
            schema: { type: 'string', description: 'RFC 4180 with a header row; excel=1 adds a BOM and uses ;' },
          },
        },
      },
      ...errors,
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'siret-mock',
      version: '1.0.0',
      description: 'Fictitious French SIRET/SIREN records with company names and real commune/postcode pairs.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    paths: {
      '/api/v1/generate': {
        get: generate,
        head: { ...generate, operationId: 'generateHead', summary: 'As GET, without a body' },
        options: {
          operationId: 'generatePreflight',
          summary: 'CORS preflight (never counted)',
          responses: {
            '204': {
              description: 'Preflight accepted',
              headers: {
                ...commonHeaders,
                'Access-Control-Allow-Methods': header(ALLOWED_METHODS),
                'Access-Control-Allow-Headers': {
                  description: `The request headers the preflight asked for (Access-Control-Request-Headers), as asked; ${DEFAULT_ALLOWED_HEADERS} when it asked for none`,
                  schema: { type: 'string' },
                },
                'Access-Control-Max-Age': header('86400'),
              },
            },
          },
        },
      },
      '/api/v1/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This document (never counted)',
          responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/healthz': {
        get: {
          operationId: 'healthz',
          summary: 'Liveness (never counted; not served by the MSW handlers)',
          responses: { '200': { description: 'Alive', content: { 'application/json': { schema: ref('Health') } } } },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: { lifetimePass: { type: 'http', scheme: 'bearer', description: 'A lifetime pass token' } },
      headers: {
        AccessControlAllowOrigin: header('Always *', { type: 'string', const: '*' }),
        CacheControl: header('Always no-store', { type: 'string', const: 'no-store' }),
        RateLimit: header('draft-ietf-httpapi-ratelimit-headers-10: "minute";r=<left>;t=<seconds to reset>, "day";r=<left>;t=<seconds to reset>'),
        RateLimitPolicy: header(`"minute";q=${perMinute};w=60, "day";q=${perDay};w=86400`),
        RetryAfter: header('Whole seconds >= 1, equal to retry_after', { type: 'integer', minimum: 1 }),
      },
    },
  };
}
