// The fetch handler's building blocks: its options and their defaults, the route and tier tables, the answers and
// their headers, the clock, and the quota controls.
export {
  APP_DEFAULTS,
  isDelay,
  MAX_DELAY_MS,
  resolveAppOptions,
  type App,
  type AppOptions,
  type Drills,
  type RequestContext,
  type ResolvedOptions,
} from './app-options.js';
export { createControllableClock, systemClock, type ControllableClock } from './controllable-clock.js';
export { createCryptoRandom } from './crypto-random.js';
export { createPricingPage } from './pricing-page.js';
export { createQuotaControls, retryAtOf } from './quota-controls.js';
export {
  createRateLimitHeaders,
  RATE_LIMIT_HEADER_DIALECTS,
  RETRY_AFTER_FORMATS,
  X_RATE_LIMIT_HEADERS,
  type RateLimitHeaderDialect,
  type RetryAfterFormat,
} from './rate-limit-dialect.js';
export {
  ALLOWED_METHODS,
  ALLOWED_REQUEST_HEADERS,
  COMMON_HEADERS,
  CSV_HEADERS,
  EXPOSED_HEADERS,
  JSON_HEADERS,
  preflightHeaders,
  withHeaders,
  type HeaderList,
} from './response-headers.js';
export {
  createResponses,
  errorParts,
  failureAnswer,
  INTERNAL_ERROR,
  INTERNAL_ERROR_MESSAGE,
  isStoreOutage,
  responses,
  STATUS_TEXT,
  type ErrorAnswer,
  type ErrorParts,
  type Responses,
} from './responses.js';
export {
  API_PREFIX,
  CONTROL_PREFIX,
  CONTROL_ROUTES,
  FAVICON_PATH,
  findRoute,
  GENERATE_PATH,
  isServicePath,
  listPaths,
  MOUNTED_PRICING_PATH,
  OPENAPI_PATH,
  PRICING_PATH,
  ROUTES,
  routePrefix,
  type ControlRoute,
  type RequestFacts,
  type RouteAnswer,
  type RouteDefinition,
  type RouteName,
} from './routes.js';
export { TIER_NAMES, tierOf, TIERS, type Tier } from './tiers.js';
export {
  ERRORS,
  type CompanyRecord,
  type ErrorCode,
  type ErrorDefinition,
  type ErrorExtras,
  type ErrorResponse,
  type GenerateMeta,
  type GenerateResponse,
  type HealthResponse,
  type RateLimitErrorResponse,
  type SirenLookupResponse,
  type SiretLookupResponse,
} from './wire-types.js';
