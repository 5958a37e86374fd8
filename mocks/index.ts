// siret-mock/msw: the service as MSW handlers, for browser dev builds and Node/jsdom tests. msw is a peer dependency;
// @msw/data is an optional one, loaded only by siret-mock/msw/data.
export { createHandlers, type HandlersOptions, type SiretMockHandlers } from './create-handlers.js';
export { scenarios, type RateLimitedOptions, type ScenarioOptions } from './scenarios.js';
export {
  createControllableClock,
  type ControllableClock,
  type AppOptions,
  type CompanyRecord,
  type ErrorCode,
  type ErrorResponse,
  type GenerateMeta,
  type GenerateResponse,
  type RateLimitErrorResponse,
  type RequestContext,
  type SirenLookupResponse,
  type SiretLookupResponse,
  type Tier,
} from '../src/http/index.js';
export { createRouteHandler, type RouteLike } from './route-handler.js';
export { companyRecordStandardSchema, type CompanyRecordStandardSchema, type RecordIssue, type RecordsCollection } from './records.js';
export {
  RETRY_STORM_THRESHOLD,
  type AuditedRequest,
  type AuditReport,
  type QuotaUsage,
  type QuotaWindow,
  type RetryViolation,
} from '../src/core/quota/index.js';
