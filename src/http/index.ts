// The fetch handler of the service: browser-safe (no node:*, no msw, no validation library), shared by the Node server, the
// MSW handlers and the demo.
export { createApp, createServiceRoutes, type RouteHandler, type ServiceRoutes } from './create-app.js';
export {
  API_PREFIX,
  GENERATE_PATH,
  HEALTHZ_PATH,
  listPaths,
  OPENAPI_PATH,
  ROUTES,
  type RouteDefinition,
  type RouteName,
} from './routes.js';
export { DEFAULT_TIER, PASS_TIER, TIERS, TIER_NAMES, type Tier, type TierRules } from './tiers.js';
export type { App, AppOptions, RequestContext } from './app-options.js';
export { createResponses, INTERNAL_ERROR_MESSAGE, rateLimitMessage, responses, STATUS_TEXT, type Responses } from './responses.js';
export { formatTimestamp } from './format-timestamp.js';
export { systemClock } from './system-clock.js';
export { COMMON_HEADERS } from './response-headers.js';
export { JSON_SCHEMAS, type JsonSchemaName } from './json-schemas.js';
export {
  ERRORS,
  type CompanyRecord,
  type ErrorCode,
  type ErrorResponse,
  type GenerateMeta,
  type GenerateResponse,
  type HealthResponse,
  type RateLimitErrorResponse,
} from './wire-types.js';
