// The fetch handler of the service: browser-safe (no node:*, no msw, no validation library), shared by the Node server, the
// MSW handlers and the demo.
export { createApp, createServiceRoutes, type RouteHandler, type ServiceRoutes } from './create-app.js';
export { GENERATE_PATH, HEALTHZ_PATH, OPENAPI_PATH, ROUTES, type RouteDefinition } from './routes.js';
export { TIERS, TIER_NAMES, type Tier, type TierRules } from './tiers.js';
export type { App, AppOptions, RequestContext } from './app-options.js';
export { rateLimitedExchange, rateLimitedResponse, rateLimitMessage } from './rate-limited-response.js';
export { errorExchange, errorResponse, type ErrorOptions } from './error-response.js';
export { toResponse, type ServiceRequest, type ServiceResponse } from './service-exchange.js';
export { formatTimestamp } from './format-timestamp.js';
export { JSON_SCHEMAS, type JsonSchemaName } from './json-schemas.js';
export {
  ERROR_CODES,
  type CompanyRecord,
  type ErrorCode,
  type ErrorResponse,
  type GenerateMeta,
  type GenerateResponse,
  type HealthResponse,
  type RateLimitErrorResponse,
} from './wire-types.js';
