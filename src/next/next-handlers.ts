import { createApp, GENERATE_PATH, MOUNTED_PRICING_PATH, OPENAPI_PATH, type App, type AppOptions } from '../http/index.js';
import { callerOf } from '../node/server/index.js';

/**
 * Options of `createNextHandlers`: those of `createApp`, which it mounts under the app's `/api/v1/`. The control endpoints
 * are left out: they live outside `/api/v1/`, and another route module would hold a mock of its own.
 */
export type NextHandlersOptions = Omit<AppOptions, 'mounted' | 'control' | 'controlToken'>;

/** A Next.js route handler: `(request) => Response`, for every method a route module may export. */
export type NextRouteHandler = (request: Request) => Promise<Response>;

/** The methods a Next.js route module exports, all answered by the service, plus the service itself for in-process calls. */
export interface NextHandlers {
  GET: NextRouteHandler;
  HEAD: NextRouteHandler;
  OPTIONS: NextRouteHandler;
  POST: NextRouteHandler;
  PUT: NextRouteHandler;
  PATCH: NextRouteHandler;
  DELETE: NextRouteHandler;
  /** The same service for server code of the app (a server component, a server action): every such call is one caller. */
  fetch: NextRouteHandler;
  readonly store: App['store'];
  readonly clock: App['clock'];
}

/**
 * The caller a request counts against: the last `X-Forwarded-For` entry, which `next start` sets to the socket's address
 * when the client sent none and a proxy in front appends. A direct client that sends its own header chooses its key.
 */
const callerOfRequest = (request: Request): string | undefined => {
  const forwarded = request.headers.get('x-forwarded-for');
  if (forwarded === null) return undefined;
  const caller = callerOf(undefined, forwarded, 1);
  return caller === 'unknown' ? undefined : caller;
};

// A route file for one path (app/api/v1/generate/route.ts) is given that path alone, so the pricing page and the OpenAPI
// document are answered on it too, by query; the default upgrade link is the first, which answers in either layout.
const PAGES: ReadonlyMap<string, string> = new Map([
  ['pricing', MOUNTED_PRICING_PATH],
  ['openapi', OPENAPI_PATH],
]);

/** The request for the page a GET of `/api/v1/generate?pricing` or `?openapi` asks for; any other request as it is. */
function pageRequest(request: Request): Request {
  if (request.method !== 'GET' && request.method !== 'HEAD') return request;
  const url = new URL(request.url);
  // That query alone; Next.js hands `?pricing` to the route as `?pricing=`.
  const page = url.pathname === GENERATE_PATH ? PAGES.get(url.search.slice(1).replace(/=$/, '')) : undefined;
  return page === undefined ? request : new Request(new URL(page, url), { method: request.method, headers: request.headers });
}

/**
 * The siret-mock service as the route handlers of a Next.js App Router route: the catch-all `app/api/v1/[...path]/route.ts`,
 * or `app/api/v1/generate/route.ts` alone, which also answers `?pricing` (the `upgrade` link) and `?openapi`. Every method
 * is exported, so a `POST` gets the service's JSON 405 rather than Next's empty one, and each client is counted by its
 * address. Runs on the Node.js runtime (the default).
 * @example export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = createNextHandlers();
 */
export function createNextHandlers(options?: NextHandlersOptions): NextHandlers {
  // Mounted: the catch-all answers the API's paths and the pricing page under /api/v1/, and names only those in its 404s.
  const app = createApp({ upgradeUrl: `${GENERATE_PATH}?pricing`, ...options, mounted: true });
  const handle: NextRouteHandler = (request) => app.fetch(pageRequest(request), { caller: callerOfRequest(request) });
  return {
    GET: handle,
    HEAD: handle,
    OPTIONS: handle,
    POST: handle,
    PUT: handle,
    PATCH: handle,
    DELETE: handle,
    fetch: handle,
    store: app.store,
    clock: app.clock,
  };
}
