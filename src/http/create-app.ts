import { QuotaStoreUnavailableError } from '../core/quota/index.js';
import { type App, type AppOptions, type RequestContext, resolveAppOptions } from './app-options.js';
import { createGenerateRoute } from './generate-route.js';
import { createPricingPage } from './pricing-page.js';
import { createControlRoutes, listControlPaths } from './control-routes.js';
import { createCryptoRandom } from './crypto-random.js';
import { withDrills } from './drills.js';
import { createQuotaControls } from './quota-controls.js';
import { createScenarioSlot } from './scenario.js';
import { ALLOWED_METHODS, type HeaderList, JSON_HEADERS, preflightHeaders } from './response-headers.js';
import { INTERNAL_ERROR_MESSAGE, type Responses } from './responses.js';
import { API_PREFIX, listPaths, ROUTES, type RouteName } from './routes.js';

/** A handler for one path, or for the whole service: `(request, context) => Response`. */
export type RouteHandler = (request: Request, context?: RequestContext) => Promise<Response>;

/** The service as one handler per path of the route table (MSW binds each to its own pattern), plus the whole `App`. */
export type ServiceRoutes = App & Readonly<Record<RouteName, RouteHandler>>;

/** What a path's handler does for GET; methods, HEAD, preflights and failures are handled around it, the same for every path. */
type GetHandler = (request: Request, context: RequestContext | undefined) => Promise<Response> | Response;

const ALLOW: HeaderList = [['allow', ALLOWED_METHODS]];
const RETRY_IN_1: HeaderList = [['retry-after', '1']];
const HEALTH_BODY = JSON.stringify({ status: 'ok' });
const FAVICON_PATH = '/favicon.ico';
const FAVICON_HEADERS: HeaderList = [
  ['access-control-allow-origin', '*'],
  ['cache-control', 'public, max-age=86400'],
];

function isStoreUnavailable(error: unknown): boolean {
  // By name as well: a store bundled separately may carry its own copy of the class.
  return error instanceof QuotaStoreUnavailableError || (error instanceof Error && error.name === 'QuotaStoreUnavailableError');
}

/**
 * The message of a 500 for an OpenAPI module that would not load (a runtime without `import()`, a file missing from an
 * install): the cause named, from the error's name, code and first line, with file paths and URLs left out.
 */
function openApiLoadFailure(error: unknown): string {
  // The first error of a chain of causes is the one a loader wraps (a test runner's "error when mocking a module").
  let root = error;
  while (root instanceof Error && root.cause !== undefined) root = root.cause;
  const { name, code, message } =
    root instanceof Error ? (root as Error & { code?: unknown }) : { name: typeof root, code: undefined, message: String(root) };
  const firstLine = (message.split('\n')[0] ?? '').slice(0, 200).replace(/(?:[a-z]+:\/\/|\/|[A-Za-z]:\\)[^\s'"`]*/g, '<path>');
  const cause = [name, typeof code === 'string' ? code : undefined].filter(Boolean).join(' ');
  return `The OpenAPI document could not be built: loading its module failed (${cause}: ${firstLine}). The same document ships as the file siret-mock/openapi.json.`;
}

/** The path of a request URL; a URL a transport built but the URL parser refuses is no path of ours (a 404). */
function pathnameOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * Wraps the GET handler of one path with what every path shares: OPTIONS is a preflight, methods other than GET/HEAD a 405,
 * HEAD is the GET answer without its body (the one place HEAD is handled), and a failure is a JSON 503/500 that never
 * leaks a stack. `methods: false` (the 404 of unknown paths) skips the method rules: path is checked before method.
 */
function serve(responses: Responses, path: string, get: GetHandler, methods = true): RouteHandler {
  return async (request, context) => {
    const method = request.method;
    let response: Response;
    try {
      if (methods && method === 'OPTIONS')
        return responses.empty(204, preflightHeaders(request.headers.get('access-control-request-headers')));
      if (methods && method !== 'GET' && method !== 'HEAD') {
        return responses.error(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${ALLOWED_METHODS}.`, undefined, ALLOW);
      }
      response = await get(request, context);
    } catch (error) {
      response = isStoreUnavailable(error)
        ? responses.error(
            503,
            'quota_store_unavailable',
            'The quota store cannot be reached; retry in 1 second.',
            { retry_after: 1 },
            RETRY_IN_1,
          )
        : responses.error(500, 'internal_error', INTERNAL_ERROR_MESSAGE);
    }
    return method === 'HEAD' ? responses.head(response) : response;
  };
}

/**
 * The service as one handler per path of the route table, sharing options, quota store and clock. `createApp` routes to
 * them by pathname; the MSW packaging binds each to its own path pattern. `ResponseClass` is what every answer is built
 * with: a transport may pass its own (the Node server passes srvx's `FastResponse`).
 */
export function createServiceRoutes(options?: AppOptions, ResponseClass: typeof Response = Response): ServiceRoutes {
  const resolved = resolveAppOptions(options, ResponseClass);
  const { responses } = resolved;
  let openApiBody: Promise<string> | undefined;
  // With control on, a scenario set by POST /__siret-mock/scenario answers first; drills delay or fail answers.
  const scenario = resolved.controlClock ? createScenarioSlot(resolved.clock, responses) : undefined;
  let generate = createGenerateRoute(resolved);
  if (scenario) generate = scenario.wrap(generate);
  if (resolved.drills) generate = withDrills(generate, resolved.drills, createCryptoRandom(), responses);
  const getHandlers: Record<RouteName, GetHandler> = {
    generate,
    async openapi() {
      // Loaded on first request: the document's builder and schemas are not worth loading in every test file. The built
      // package resolves this import to a chunk of its own (a require() in the CommonJS build).
      openApiBody ??= import('./openapi-document.js').then(({ createOpenApiDocument }) =>
        JSON.stringify(
          createOpenApiDocument({
            quota: resolved.quota,
            maxQuantity: resolved.maxQuantity,
            rateLimitHeaders: resolved.rateLimitHeaders,
            retryAfter: resolved.retryAfter,
            control: resolved.controlClock !== undefined,
          }),
        ),
      );
      try {
        return responses.body(await openApiBody, JSON_HEADERS);
      } catch (error) {
        openApiBody = undefined;
        return responses.error(500, 'internal_error', openApiLoadFailure(error));
      }
    },
    healthz: () => responses.body(HEALTH_BODY, JSON_HEADERS),
  };
  const { audited, ...controls } = createQuotaControls(resolved);
  const route = (path: string, get: GetHandler, methods?: boolean): RouteHandler => serve(responses, path, get, methods);
  const handlers = Object.fromEntries(ROUTES.map(({ name, path }) => [name, route(path, getHandlers[name])])) as Record<
    RouteName,
    RouteHandler
  >;
  handlers.generate = audited(handlers.generate);
  // Mounted in an app's origin, the service answers only the API's paths (the mocked routes): the rest are the app's.
  const served = resolved.mounted ? ROUTES.filter((route) => route.mocked) : ROUTES;
  const byPath = new Map(served.map(({ name, path }) => [path, handlers[name]]));
  // Pages for browsers, outside the API's route table (not in the OpenAPI paths, never mocked): where the `upgrade` link
  // points, and the icon every browser asks for (a cacheable 204 rather than a 404 in every console), which is the app's
  // own when mounted.
  byPath.set(resolved.pricingPath, route(resolved.pricingPath, createPricingPage(resolved)));
  if (!resolved.mounted)
    byPath.set(
      FAVICON_PATH,
      route(FAVICON_PATH, () => responses.empty(204, FAVICON_HEADERS)),
    );
  if (resolved.controlClock && scenario) {
    const controlRoutes = createControlRoutes(
      { ...controls, clock: resolved.controlClock, scenario, sharedStore: resolved.store.shared === true },
      responses,
      resolved.controlToken === undefined ? {} : { token: resolved.controlToken },
    );
    for (const [path, handler] of controlRoutes) byPath.set(path, handler);
  }
  const control = resolved.controlClock ? `, and the control endpoints ${listControlPaths(resolved.store.shared === true)}` : '';
  const notFoundMessage = resolved.mounted
    ? `No such path. This service answers ${listPaths(served)}${control}; paths outside ${API_PREFIX} are the app's.`
    : `No such path. This service answers ${listPaths()}${control}.`;
  const notFound = route('', () => responses.error(404, 'not_found', notFoundMessage), false);

  return {
    ...handlers,
    ...controls,
    store: resolved.store,
    clock: resolved.clock,
    // Unknown paths answer 404 whatever the method (path is checked before method).
    fetch: (request, context) => (byPath.get(pathnameOf(request.url)) ?? notFound)(request, context),
  };
}

/**
 * Creates the siret-mock service as one fetch handler: `app.fetch(request, { clientAddress })` answers the paths of the route
 * table (`/api/v1/generate`, `/api/v1/openapi.json`, `/healthz`) per the contract, and 404 for anything else.
 * @example const app = createApp({ tier: 'free', seed: 42 }); const response = await app.fetch(new Request('http://localhost/api/v1/generate'));
 */
export function createApp(options?: AppOptions): App {
  const { fetch, store, clock, setUsage, exhaust, audit, reset } = createServiceRoutes(options);
  return { fetch, store, clock, setUsage, exhaust, audit, reset };
}
