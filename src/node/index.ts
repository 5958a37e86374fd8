// `siret-mock/node`: the HTTP server and its Node-only parts. Never imported by browser code (`"browser": null`).
export { createSiretServer, type SiretServer } from './create-server.js';
export { SERVER_DEFAULTS, type AccessLogEntry, type SiretServerOptions, type TransportOptions } from './server-options.js';
export { createNodeListener, type FetchHandler, type NodeListenerOptions } from './node-listener.js';
export { createRedisQuotaStore, type RedisQuotaStore, type RedisQuotaStoreOptions } from './redis-quota-store.js';
export { withQuotaStoreFailurePolicy, type QuotaStoreFailureOptions, type QuotaStoreFailurePolicy } from './quota-store-failure.js';
export { callerOf } from './client-address.js';
export { APP_DEFAULTS, createApp, type App, type AppOptions, type RequestContext } from '../http/index.js';
