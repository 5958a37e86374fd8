// The fetch handler of the service: browser-safe (no node:*, no msw, no validation library), shared by the Node server, the
// MSW handlers and the demo.
export { createApp, createServiceRoutes, type RouteHandler, type ServiceRoutes } from './create-app.js';
export {
  API_PREFIX,
  GENERATE_PATH,
  HEALTHZ_PATH,
  isServicePath,
  listPaths,
  MOUNTED_PRICING_PATH,
  OPENAPI_PATH,
  ROUTES,
  type Placement,
  type RouteDefinition,
  type RouteName,
} from './app/routes.js';
export { PASS_TIER, TIERS, TIER_NAMES, type Tier, type TierRules } from './app/tiers.js';
export { APP_DEFAULTS, type App, type AppOptions, type RequestContext } from './app/app-options.js';
export { createResponses, INTERNAL_ERROR_MESSAGE, rateLimitMessage, responses, STATUS_TEXT, type Responses } from './app/responses.js';
export { formatTimestamp } from './generate/generate-route.js';
export { systemClock } from './app/controllable-clock.js';
export { COMMON_HEADERS } from './app/response-headers.js';
export { JSON_SCHEMAS, type JsonSchemaName } from './contract/json-schemas.js';
export {
  ERRORS,
  type CompanyRecord,
  type ErrorCode,
  type ErrorResponse,
  type GenerateMeta,
  type GenerateResponse,
  type HealthResponse,
  type RateLimitErrorResponse,
} from './app/wire-types.js';
