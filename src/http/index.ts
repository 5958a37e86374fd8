// The fetch handler of the service: browser-safe (no node:*, no msw), shared by the Node server, the MSW handlers and the demo.
export { createApp, createServiceRoutes, GENERATE_PATH, HEALTHZ_PATH, OPENAPI_PATH, type RouteHandler, type ServiceRoutes } from './create-app.js';
export type { App, AppOptions, RequestContext, Tier } from './app-options.js';
export { rateLimitedExchange, rateLimitedResponse, rateLimitMessage } from './rate-limited-response.js';
export { errorExchange, errorResponse, type ErrorOptions } from './error-response.js';
export { toResponse, type ServiceRequest, type ServiceResponse } from './service-exchange.js';
export { formatTimestamp } from './format-timestamp.js';
export {
  companyRecordSchema,
  ERROR_CODES,
  errorResponseSchema,
  generateResponseSchema,
  type ErrorCode,
  type ErrorResponseBody,
  type GenerateResponseBody,
} from './schemas.js';
