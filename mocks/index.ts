// siret-mock/msw: the service as MSW handlers, for browser dev builds and Node/jsdom tests. msw is a peer dependency.
export { createHandlers, type HandlersOptions, type SiretMockHandlers } from './create-handlers.js';
export { scenarios, type RateLimitedOptions, type ScenarioOptions } from './scenarios.js';
export { createControllableClock, type ControllableClock } from './controllable-clock.js';
export { createRecordsDb, type RecordsDb } from './records-db.js';
export type { AppOptions, RequestContext, Tier } from '../src/http/index.js';
export type { CompanyRecord } from '../src/core/company-record.js';
