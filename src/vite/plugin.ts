import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { createApp, isServicePath, type AppOptions } from '../http/index.js';
import { createNodeListener } from '../node/server/index.js';

/** Options of the Vite plugin: the same as `createApp`, which the plugin mounts under the app's `/api/v1/`. */
export type SiretMockPluginOptions = Omit<AppOptions, 'mounted'>;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

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
    const control = options.control === true;
    // Mounted: the app answers the API's paths and its pricing page under /api/v1/ (and the control endpoints when asked
    // for); every other path is the app's.
    const listener = createNodeListener(createApp({ ...options, mounted: true }));
    middleware = (req, res, next) => {
      // Mounted without a path so that connect does not strip it from req.url: the handler needs the full URL.
      if (isServicePath((req.url ?? '').split('?')[0] as string, 'mounted', control)) listener(req, res);
      else next();
    };
    return middleware;
  };
  // First in the stack, before Vite's own CORS middleware: that one answers every preflight itself (allowing only localhost
  // origins by default), which would hide the service's CORS grants from a page on another origin.
  const mountFirst = (middlewares: Connect.Server): void => {
    middlewares.stack.unshift({ route: '', handle: mount() as Connect.NextHandleFunction });
  };
  return {
    name: 'siret-mock',
    apply: 'serve',
    configureServer(server) {
      mountFirst(server.middlewares);
    },
    configurePreviewServer(server) {
      mountFirst(server.middlewares);
    },
  };
}
