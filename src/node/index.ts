// `siret-mock/node`: the HTTP server and its Node-only parts. Never imported by browser code (`"browser": null`).
export { createSiretServer, type SiretServer } from './server/create-server.js';
export { SERVER_DEFAULTS, type AccessLogEntry, type SiretServerOptions, type TransportOptions } from './server/server-options.js';
export { createNodeListener, type FetchHandler, type NodeListenerOptions } from './server/node-listener.js';
export { createRedisQuotaStore, type RedisQuotaStore, type RedisQuotaStoreOptions } from './redis/redis-quota-store.js';
export { withQuotaStoreFailurePolicy, type QuotaStoreFailureOptions, type QuotaStoreFailurePolicy } from './redis/quota-store-failure.js';
export { callerOf } from './server/client-address.js';
export { APP_DEFAULTS, createApp, type App, type AppOptions, type RequestContext } from '../http/index.js';
