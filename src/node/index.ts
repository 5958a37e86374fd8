// `siret-mock/node`: the HTTP server and its Node-only parts. Never imported by browser code (`"browser": null`).
export {
  createSiretServer,
  SERVER_DEFAULTS,
  createNodeListener,
  callerOf,
  type SiretServer,
  type AccessLogEntry,
  type SiretServerOptions,
  type TransportOptions,
  type FetchHandler,
  type NodeListenerOptions,
} from './server/index.js';
export {
  createRedisQuotaStore,
  withQuotaStoreFailurePolicy,
  type RedisQuotaStore,
  type RedisQuotaStoreOptions,
  type QuotaStoreFailureOptions,
  type QuotaStoreFailurePolicy,
} from './redis/index.js';
export { APP_DEFAULTS, createApp, type App, type AppOptions, type RequestContext } from '../http/index.js';
