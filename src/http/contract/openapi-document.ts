import { MAX_SEED } from '../../core/company/index.js';
import type { QuotaLimits } from '../../core/quota/index.js';
import { DEFAULT_QUANTITY, EXCEL_VALUES, FORMATS } from '../generate/index.js';
import { withFixtureFields } from './fixture-fields-schema.js';
import { errorSchema, JSON_SCHEMAS } from './json-schemas.js';
import { PACKAGE_VERSION } from './openapi-route.js';
import { controlPaths } from './control-openapi.js';
import {
  X_RATE_LIMIT_HEADERS,
  ALLOWED_METHODS,
  ALLOWED_REQUEST_HEADERS,
  EXPOSED_HEADERS,
  ROUTES,
  TIER_NAMES,
  ERRORS,
  type RateLimitHeaderDialect,
  type RetryAfterFormat,
  type RouteDefinition,
  type Tier,
  type ErrorCode,
} from '../app/index.js';

// Loaded on the first request for the document only (dynamic import), so it stays out of the hot path and out of the first
// chunk of a browser bundle. Built from data written once: the JSON Schemas of the bodies, the route table and the tier table.

/** What the document states about this app's configuration. */
export interface OpenApiSettings {
  quota: QuotaLimits;
  maxQuantity: Readonly<Record<Tier, number>>;
  /** The rate-limit header dialect the app sends. */
  rateLimitHeaders: RateLimitHeaderDialect;
  /** How the app writes `Retry-After`. */
  retryAfter: RetryAfterFormat;
  /** The app serves the control endpoints: they are listed under the `control` tag. @default false */
  control?: boolean;
}

type JsonObject = Record<string, unknown>;

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string): JsonObject => ({ $ref: `#/components/headers/${name}` });
const header = (description: string, schema: JsonObject = { type: 'string' }): JsonObject => ({ description, schema });
const json = (schema: JsonObject): JsonObject => ({ 'application/json': { schema } });

const COMMON_HEADERS = {
  'Access-Control-Allow-Origin': headerRef('AccessControlAllowOrigin'),
  'Access-Control-Expose-Headers': headerRef('AccessControlExposeHeaders'),
  'Cache-Control': headerRef('CacheControl'),
  'X-Content-Type-Options': headerRef('XContentTypeOptions'),
};
const DRAFT_HEADERS = { RateLimit: headerRef('RateLimit'), 'RateLimit-Policy': headerRef('RateLimitPolicy') };
const X_HEADERS = {
  'X-RateLimit-Limit': headerRef('XRateLimitLimit'),
  'X-RateLimit-Remaining': headerRef('XRateLimitRemaining'),
  'X-RateLimit-Reset': headerRef('XRateLimitReset'),
};

/** The headers of a free-tier answer of the generate path, in the configured dialect. */
function limitHeadersOf(settings: OpenApiSettings): JsonObject {
  const dialect = settings.rateLimitHeaders;
  return { ...COMMON_HEADERS, ...(dialect === 'x-ratelimit' ? {} : DRAFT_HEADERS), ...(dialect === 'draft' ? {} : X_HEADERS) };
}

/** The header components the configured dialect uses (a document lists no component it does not use). */
function limitHeaderComponents(settings: OpenApiSettings): JsonObject {
  const dialect = settings.rateLimitHeaders;
  const { perMinute, perDay } = settings.quota;
  const draft = {
    RateLimit: header(
      'draft-ietf-httpapi-ratelimit-headers-10: "minute";r=<left>;t=<seconds to reset>, "day";r=<left>;t=<seconds to reset>',
    ),
    RateLimitPolicy: header(`"minute";q=${perMinute};w=60, "day";q=${perDay};w=86400`),
  };
  const binding = 'of the window that binds first (the one with fewer requests left; the exhausted one on a 429; the day on a tie)';
  const x = {
    XRateLimitLimit: header(`Requests allowed in the window ${binding}: ${perMinute} or ${perDay}`, { type: 'integer', minimum: 1 }),
    XRateLimitRemaining: header(`Requests left in the window ${binding}`, { type: 'integer', minimum: 0 }),
    XRateLimitReset: header(`Seconds until the window ${binding} resets`, { type: 'integer', minimum: 1 }),
  };
  return { ...(dialect === 'x-ratelimit' ? {} : draft), ...(dialect === 'draft' ? {} : x) };
}
/**
 * The responses of some refusals, keyed by status (from the ERRORS table): each is described as its codes and `when`, and
 * answers the body schema of its codes, a union on `error` when a status has several.
 */
function refusals(...entries: Array<[codes: readonly ErrorCode[], when: string, headers?: JsonObject]>): JsonObject {
  return Object.fromEntries(
    entries.map(([codes, when, headers = COMMON_HEADERS]) => [
      String(ERRORS[codes[0] as ErrorCode].status),
      { description: `${codes.join(', ')}: ${when}`, headers, content: json(errorSchema(codes)) },
    ]),
  );
}

// Refusals every path may give, whatever it serves: the server's own (before any handler) and the handler's last resort.
const TRANSPORT_ERRORS = refusals(
  [['bad_request'], 'a request the HTTP parser refuses, or an HTTP/1.1 request without Host (server only).'],
  [['method_not_allowed'], `any method other than ${ALLOWED_METHODS}.`, { ...COMMON_HEADERS, Allow: header(ALLOWED_METHODS) }],
  [['request_timeout'], 'headers or body not received in time (server only).'],
  [['uri_too_long'], 'the request target is over the limit; max_length gives it (server only).'],
  [['expectation_failed'], 'an Expect header other than 100-continue (server only).'],
  [['request_header_fields_too_large'], 'the headers are over the limit (server only).'],
  [['internal_error'], 'anything unexpected; never a stack trace.'],
);

function generateOperation(settings: OpenApiSettings, route: RouteDefinition, method: 'get' | 'head'): JsonObject {
  const { perMinute, perDay } = settings.quota;
  const maxima = TIER_NAMES.map((tier) => `${tier} ${settings.maxQuantity[tier]}`).join(', ');
  const largest = Math.max(...TIER_NAMES.map((tier) => settings.maxQuantity[tier]));
  const LIMIT_HEADERS = limitHeadersOf(settings);
  return {
    operationId: method === 'get' ? route.operationId : `${route.operationId}Head`,
    summary: method === 'get' ? route.summary : `${route.summary}: headers only`,
    description:
      `Free tier: at most ${settings.maxQuantity.free} records, ${perMinute} requests per fixed 60 s window (opened by the caller's ` +
      `first counted request) and ${perDay} per UTC day. Lifetime pass (Authorization: Bearer <pass>): at most ` +
      `${settings.maxQuantity.lifetime} records, no rate limit, CSV.` +
      (method === 'head' ? ' HEAD answers as GET would, Content-Length included, without a body.' : ''),
    tags: ['generate'],
    security: [{}, { lifetimePass: [] }],
    parameters: [
      {
        name: 'quantity',
        in: 'query',
        required: false,
        description: `Number of records, 1 to the tier maximum (${maxima}). Digits only; empty or repeated is rejected.`,
        schema: { type: 'integer', minimum: 1, maximum: largest, default: DEFAULT_QUANTITY },
        example: DEFAULT_QUANTITY,
      },
      {
        name: 'format',
        in: 'query',
        required: false,
        description:
          'Response format. Without it, CSV is chosen when Accept prefers text/csv over application/json. CSV needs the lifetime pass.',
        schema: { type: 'string', enum: [...FORMATS], default: 'json' },
      },
      {
        name: 'excel',
        in: 'query',
        required: false,
        description: '1: UTF-8 BOM and `;` separator (French Excel). Only affects CSV.',
        schema: { type: 'string', enum: [...EXCEL_VALUES], default: '0' },
      },
      seedParameter('The same seed gives the same records; quantity k gives the first k records of the seed.'),
    ],
    responses: {
      '200': {
        description: 'The records. RateLimit headers on the free tier only.',
        headers: { ...LIMIT_HEADERS, 'Content-Length': headerRef('ContentLength') },
        content: {
          'application/json': { schema: ref('GenerateResponse') },
          'text/csv': { schema: { type: 'string', description: 'RFC 4180 with a header row; excel=1 adds a BOM and uses ;' } },
        },
      },
      ...TRANSPORT_ERRORS,
      ...refusals(
        [
          ['invalid_quantity', 'invalid_format', 'invalid_seed', 'quantity_exceeds_limit', 'bad_request'],
          "checked in the order listed; bad_request is the server's. Counted against the quota.",
          LIMIT_HEADERS,
        ],
        [['lifetime_pass_required'], 'CSV asked on the free tier. Counted.', LIMIT_HEADERS],
        ...admissionRefusals(settings),
      ),
    },
  };
}

/** The `seed` query parameter of the counted routes; `use` says what it does there. */
function seedParameter(use: string): JsonObject {
  return {
    name: 'seed',
    in: 'query',
    required: false,
    description: `Whole number 0..${MAX_SEED}. ${use}`,
    schema: { type: 'integer', minimum: 0, maximum: MAX_SEED },
    example: 42,
  };
}

/** The refusals of `admit`, which every counted route runs first: an unknown pass, the rate limit, the quota store out. */
function admissionRefusals(settings: OpenApiSettings): Array<[codes: readonly ErrorCode[], when: string, headers?: JsonObject]> {
  const { perMinute, perDay } = settings.quota;
  return [
    [
      ['invalid_pass'],
      'a Bearer token that is not a known pass. Not counted.',
      { ...COMMON_HEADERS, 'WWW-Authenticate': header('Bearer error="invalid_token"') },
    ],
    [
      ['rate_limit_exceeded'],
      `more than ${perMinute} requests in the caller's minute window or ${perDay} in the UTC day (generate and the lookups together). Not counted.`,
      { ...limitHeadersOf(settings), 'Retry-After': headerRef('RetryAfter') },
    ],
    [
      ['quota_store_unavailable'],
      'the shared quota store cannot be reached; retry_after is 1.',
      { ...COMMON_HEADERS, 'Retry-After': header('1 (whole seconds)', { type: 'integer', const: 1 }) },
    ],
  ];
}

/** A lookup's operation: the number in the path, `seed`, and the answers of `createLookupRoute`. */
function lookupOperation(settings: OpenApiSettings, route: RouteDefinition, method: 'get' | 'head'): JsonObject {
  const number = route.name === 'siret' ? 'siret' : 'siren';
  const LIMIT_HEADERS = limitHeadersOf(settings);
  return {
    operationId: method === 'get' ? route.operationId : `${route.operationId}Head`,
    summary: method === 'get' ? route.summary : `${route.summary}: headers only`,
    description:
      `${route.description} An extension of this mock: the service it reproduces has one operation, generate. Counted on ` +
      'the same quota windows as generate; the records carry the fields and profile the service is configured with.' +
      (method === 'head' ? ' HEAD answers as GET would, Content-Length included, without a body.' : ''),
    tags: ['lookup'],
    security: [{}, { lifetimePass: [] }],
    parameters: [
      seedParameter("The world to look in: the records generate gives for that seed. Default: the service's seed option, else 0."),
    ],
    responses: {
      '200': {
        description:
          number === 'siret'
            ? "The establishment's record, exactly as generate gives it for that seed. RateLimit headers on the free tier only."
            : "The unit's establishments, the head office first, then the others from the latest down (at most 100).",
        headers: { ...LIMIT_HEADERS, 'Content-Length': headerRef('ContentLength') },
        content: json(ref(route.schema as string)),
      },
      ...TRANSPORT_ERRORS,
      ...refusals(
        [
          [number === 'siret' ? 'invalid_siret' : 'invalid_siren', 'invalid_seed', 'bad_request'],
          `seed, then the number: reason says which check failed. bad_request is the server's. Counted against the quota.`,
          LIMIT_HEADERS,
        ],
        [['not_found'], 'a valid number outside the world; reason says why. Counted against the quota.', LIMIT_HEADERS],
        ...admissionRefusals(settings),
      ),
    },
  };
}

/** The number in a lookup's path, a parameter of every operation of that path (preflight included). */
function pathParameters(route: RouteDefinition): JsonObject[] {
  const name = /\{(\w+)\}$/.exec(route.path)?.[1];
  if (name === undefined) return [];
  const digits = name === 'siret' ? 14 : 9;
  const description = `The ${name.toUpperCase()}, ${digits} digits; spaces, U+00A0, U+202F, dots and dashes are ignored (percent-encoded in the path).`;
  return [{ name, in: 'path', required: true, description, schema: { type: 'string' } }];
}

/** The tag of a route's operations. */
const tagOf = (route: RouteDefinition): string =>
  route.name === 'generate' ? 'generate' : route.name === 'siret' || route.name === 'siren' ? 'lookup' : 'service';

function plainOperation(route: RouteDefinition, method: 'get' | 'head'): JsonObject {
  return {
    operationId: method === 'get' ? route.operationId : `${route.operationId}Head`,
    summary: method === 'get' ? route.summary : `${route.summary}: headers only`,
    description: `${route.description}${method === 'head' ? ' HEAD answers as GET would, without a body.' : ''}`,
    tags: ['service'],
    security: [{}],
    responses: {
      '200': {
        description: route.summary,
        headers: { ...COMMON_HEADERS, 'Content-Length': headerRef('ContentLength') },
        content: json(route.schema === undefined ? { type: 'object', description: 'An OpenAPI 3.1 document' } : ref(route.schema)),
      },
      ...TRANSPORT_ERRORS,
    },
  };
}

function preflightOperation(route: RouteDefinition): JsonObject {
  return {
    operationId: `${route.operationId}Preflight`,
    summary: `CORS preflight of ${route.path} (never counted)`,
    description: 'Answers any preflight with the methods and request headers the service accepts.',
    tags: [tagOf(route)],
    security: [{}],
    responses: {
      '204': {
        description: 'Preflight accepted',
        headers: {
          ...COMMON_HEADERS,
          'Access-Control-Allow-Methods': header(ALLOWED_METHODS),
          'Access-Control-Allow-Headers': header(
            `The request headers the preflight asked for (Access-Control-Request-Headers), as asked; ${ALLOWED_REQUEST_HEADERS} when it asked for none`,
          ),
          'Access-Control-Max-Age': header('86400'),
        },
      },
      ...TRANSPORT_ERRORS,
    },
  };
}

/** The schemas `paths` reference, directly or through another schema: an error code no path answers is left out. */
function referencedSchemas(paths: JsonObject, schemas: Record<string, JsonObject>): Record<string, JsonObject> {
  const used = new Set<string>();
  const pending: unknown[] = [paths];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const [, name = ''] of JSON.stringify(next).matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
      if (!used.has(name)) pending.push(schemas[(used.add(name), name)]);
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

/**
 * The OpenAPI 3.1 document of the service: paths from the route table, bodies from the JSON Schemas, limits from the settings.
 * @example createOpenApiDocument({ quota: { perMinute: 10, perDay: 100 }, maxQuantity: { free: 50, lifetime: 100 }, rateLimitHeaders: 'draft', retryAfter: 'seconds' })
 */
export function createOpenApiDocument(settings: OpenApiSettings): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of ROUTES) {
    const tag = tagOf(route);
    const operation = (method: 'get' | 'head'): JsonObject =>
      tag === 'generate'
        ? generateOperation(settings, route, method)
        : tag === 'lookup'
          ? lookupOperation(settings, route, method)
          : plainOperation(route, method);
    const parameters = pathParameters(route);
    paths[route.path] = {
      ...(parameters.length > 0 ? { parameters } : {}),
      get: operation('get'),
      head: operation('head'),
      options: preflightOperation(route),
    };
  }
  const allPaths = settings.control
    ? {
        ...paths,
        ...controlPaths(
          { 'Cache-Control': COMMON_HEADERS['Cache-Control'], 'X-Content-Type-Options': COMMON_HEADERS['X-Content-Type-Options'] },
          refusals,
        ),
      }
    : paths;
  const { perMinute, perDay } = settings.quota;
  return {
    openapi: '3.1.0',
    info: {
      title: 'siret-mock',
      version: PACKAGE_VERSION,
      description:
        'Fictitious French SIRET/SIREN records with company names and real commune/postcode pairs. ' +
        `Free tier: ${perMinute} requests per minute and ${perDay} per UTC day; the lifetime pass lifts them.`,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'siret-mock', url: 'https://www.npmjs.com/package/siret-mock' },
    },
    servers: [{ url: '/', description: 'The origin that serves this document' }],
    tags: [
      { name: 'generate', description: 'Fictitious company records' },
      { name: 'lookup', description: "This mock's extension: the company behind a SIRET or SIREN, in the world of a seed" },
      { name: 'service', description: 'The document and liveness' },
      ...(settings.control ? [{ name: 'control', description: 'Test control of a server started with --control (docs/server.md)' }] : []),
    ],
    paths: allPaths,
    components: {
      // The extension fields (handler/server options `fields` and `profile`) are optional properties of the record.
      schemas: referencedSchemas(allPaths, { ...JSON_SCHEMAS, CompanyRecord: withFixtureFields(JSON_SCHEMAS.CompanyRecord as JsonObject) }),
      securitySchemes: {
        lifetimePass: { type: 'http', scheme: 'bearer', description: 'A lifetime pass token (optional)' },
        ...(settings.control
          ? { controlToken: { type: 'http', scheme: 'bearer', description: 'The --control-token of the server, when it has one' } }
          : {}),
      },
      headers: {
        AccessControlAllowOrigin: header('Always *', { type: 'string', const: '*' }),
        AccessControlExposeHeaders:
          settings.rateLimitHeaders === 'draft'
            ? header(EXPOSED_HEADERS, { type: 'string', const: EXPOSED_HEADERS })
            : header(
                `${EXPOSED_HEADERS}; free-tier answers of /api/v1/generate and the lookups add a second field: ${X_RATE_LIMIT_HEADERS}`,
              ),
        CacheControl: header('Always no-store', { type: 'string', const: 'no-store' }),
        XContentTypeOptions: header('Always nosniff: a browser reads the body as its Content-Type says', {
          type: 'string',
          const: 'nosniff',
        }),
        ContentLength: header("Length of the body in bytes; a HEAD answer carries the GET's", { type: 'integer', minimum: 0 }),
        ...limitHeaderComponents(settings),
        RetryAfter:
          settings.retryAfter === 'http-date'
            ? header('An HTTP date (IMF-fixdate) at or after which a retry can succeed; retry_after in the body gives the seconds', {
                type: 'string',
              })
            : header('Whole seconds >= 1, equal to retry_after', { type: 'integer', minimum: 1 }),
      },
    },
  };
}
