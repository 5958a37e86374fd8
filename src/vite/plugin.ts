import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { API_PREFIX, createApp, listPaths, responses, ROUTES, type AppOptions } from '../http/index.js';
import { CONTROL_ROUTES } from '../http/control-routes.js';
import { createNodeListener, type FetchHandler } from '../node/node-listener.js';

/** Options of the Vite plugin: the same as `createApp`. */
export type SiretMockPluginOptions = AppOptions;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The service's own paths (the route table's mocked routes, and 404s under the API prefix); everything else goes on to Vite. */
const MOCKED = ROUTES.filter((route) => route.mocked);
const SERVED = new Set(MOCKED.map((route) => route.path));
const isServicePath = (url: string): boolean => url.startsWith(API_PREFIX) || SERVED.has(url.split('?')[0] as string);
const NOT_FOUND_MESSAGE = `No such path. This Vite plugin answers ${listPaths(MOCKED)}; paths outside ${API_PREFIX} are the app's.`;

/** The control endpoints' paths, served too when the plugin is given `control: true`. */
const CONTROL = new Set(CONTROL_ROUTES.map((route) => route.path));

/** The app narrowed to the routes the plugin serves: alone, it would also answer (and its 404 name) the server's own paths. */
function servedOnly(app: FetchHandler, control: boolean): FetchHandler {
  return {
    fetch(request, context) {
      const path = new URL(request.url).pathname;
      if (SERVED.has(path) || (control && CONTROL.has(path))) return app.fetch(request, context);
      const response = responses.error(404, 'not_found', NOT_FOUND_MESSAGE);
      return request.method === 'HEAD' ? responses.head(response) : response;
    },
  };
}

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
    const listener = createNodeListener(servedOnly(createApp(options), control));
    middleware = (req, res, next) => {
      // Mounted without a path so that connect does not strip it from req.url: the handler needs the full URL.
      const url = req.url ?? '';
      if (isServicePath(url) || (control && CONTROL.has(url.split('?')[0] as string))) listener(req, res);
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
