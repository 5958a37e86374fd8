// The Node server: createSiretServer on srvx, its parts, and the listener for a server of your own.
export { callerOf } from './client-address.js';
export { createSiretServer, type SiretServer } from './create-server.js';
export { createNodeListener, type FetchHandler, type NodeListenerOptions } from './node-listener.js';
export { redactSecrets, redactUrlValue } from './redact-secrets.js';
export { SERVER_DEFAULTS, type AccessLogEntry, type SiretServerOptions, type TransportOptions } from './server-options.js';
