// `siret-mock/next`: the service as Next.js App Router route handlers. Node.js runtime only (`"browser": null`).
export { createNextHandlers, type NextHandlers, type NextHandlersOptions, type NextRouteHandler } from './next-handlers.js';
