// `siret-mock/node`: the HTTP server and its Node-only parts. Never imported by browser code (`"browser": null`).
export { createSiretServer, type SiretServer, type SiretServerOptions } from './create-server.js';
export { createNodeListener, type FetchHandler, type NodeListenerOptions, type NodeRequestContext } from './node-listener.js';
export type { AccessLogEntry } from './access-log.js';
export { createRedisQuotaStore, type RedisQuotaStore, type RedisQuotaStoreOptions } from './redis-quota-store.js';
export { withQuotaStoreFailurePolicy, type QuotaStoreFailureOptions, type QuotaStoreFailurePolicy } from './quota-store-failure.js';
export { callerKeyOf, clientAddressOf } from './client-address.js';
export { createApp, type App, type AppOptions } from '../http/index.js';
