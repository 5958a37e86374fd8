import { API_PREFIX, createApp, errorResponse, headResponse, listPaths, ROUTES, type App, type AppOptions } from '../http/index.js';
import { clientAddressOf } from '../node/client-address.js';

/** Options of `createNextHandlers`: the same as `createApp`. */
export type NextHandlersOptions = AppOptions;

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

const MOUNTED = ROUTES.filter((route) => route.mocked);
const SERVED = new Set(MOUNTED.map((route) => route.path));
const NOT_FOUND_MESSAGE = `No such path. This service answers ${listPaths(MOUNTED)}; paths outside ${API_PREFIX} are the app's.`;

/**
 * The caller a request counts against: the last `X-Forwarded-For` entry, which `next start` sets to the socket's address
 * when the client sent none and a proxy in front appends. A direct client that sends its own header chooses its key.
 */
const callerAddress = (request: Request): string | undefined => {
  const forwarded = request.headers.get('x-forwarded-for');
  if (forwarded === null) return undefined;
  const address = clientAddressOf(undefined, forwarded, 1);
  return address === 'unknown' ? undefined : address;
};

/**
 * The siret-mock service as the route handlers of a Next.js App Router catch-all, `app/api/v1/[...path]/route.ts`: every
 * method is exported, so a `POST` gets the service's JSON 405 rather than Next's empty one, and each client is counted by
 * its address. Runs on the Node.js runtime (the default).
 * @example export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = createNextHandlers();
 */
export function createNextHandlers(options?: NextHandlersOptions): NextHandlers {
  const app = createApp(options);
  const handle: NextRouteHandler = (request) => {
    // The catch-all sees only paths under the API prefix: the server's own /healthz is not the app's to answer.
    if (!SERVED.has(new URL(request.url).pathname)) {
      const response = errorResponse(404, 'not_found', NOT_FOUND_MESSAGE);
      return Promise.resolve(request.method === 'HEAD' ? headResponse(response) : response);
    }
    return app.fetch(request, { clientAddress: callerAddress(request) });
  };
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
