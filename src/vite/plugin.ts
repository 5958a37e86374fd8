import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { API_PREFIX, createApp, ROUTES, type AppOptions } from '../http/index.js';
import { createNodeListener } from '../node/node-adapter.js';

/** Options of the Vite plugin: the same as `createApp`. */
export type SiretMockPluginOptions = AppOptions;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The service's own paths (the route table's mocked routes, and 404s under the API prefix); everything else goes on to Vite. */
const SERVED = new Set(ROUTES.filter((route) => route.mocked).map((route) => route.path));
const isServicePath = (url: string): boolean => url.startsWith(API_PREFIX) || SERVED.has(url.split('?')[0] as string);

/**
 * Vite plugin that answers `/api/v1/*` from the siret-mock handler inside `vite dev` (and `vite preview`), with no service
 * worker: for apps that cannot register one, or that want the mock visible to every tab, curl and server-side code.
 * Quota and records live in the dev server process; callers are told apart by client IP, as on the real server.
 * @example
 * // vite.config.ts
 * import { siretMock } from 'siret-mock/vite';
 * export default defineConfig({ plugins: [siretMock({ tier: 'free' })] });
 */
export function siretMock(options: SiretMockPluginOptions = {}): Plugin {
  // One app per plugin instance, shared by dev and preview, so a config reload keeps neither two quotas nor two clocks.
  let middleware: Middleware | undefined;
  const mount = (): Middleware => {
    if (middleware) return middleware;
    const listener = createNodeListener(createApp(options));
    middleware = (req, res, next) => {
      // Mounted without a path so that connect does not strip it from req.url: the handler needs the full URL.
      if (isServicePath(req.url ?? '')) listener(req, res);
      else next();
    };
    return middleware;
  };
  return {
    name: 'siret-mock',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(mount());
    },
    configurePreviewServer(server) {
      server.middlewares.use(mount());
    },
  };
}
