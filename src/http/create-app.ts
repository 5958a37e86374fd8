import { QuotaStoreUnavailableError } from '../core/quota-store.js';
import { type App, type AppOptions, type RequestContext, resolveAppOptions } from './app-options.js';
import { errorExchange } from './error-response.js';
import { createGenerateRoute } from './generate-route.js';
import { createPricingPage, PRICING_PATH } from './pricing-page.js';
import { ALLOWED_METHODS, contentLengthOf, JSON_HEADERS, preflightHeaders, withHeaders } from './response-headers.js';
import { type ServiceRequest, type ServiceResponse, toResponse } from './service-exchange.js';

/** The service's paths. */
export const GENERATE_PATH = '/api/v1/generate';
export const OPENAPI_PATH = '/api/v1/openapi.json';
export const HEALTHZ_PATH = '/healthz';
/** Browsers ask for it on their own; a 204 they may cache, rather than a 404 in every console. */
const FAVICON_PATH = '/favicon.ico';
const FAVICON: ServiceResponse = { status: 204, headers: [['access-control-allow-origin', '*'], ['cache-control', 'public, max-age=86400']], body: null };

/** A handler for one path: it does the method routing, CORS preflight and error mapping itself. */
export type RouteHandler = (request: Request, context?: RequestContext) => Promise<Response>;

/** One handler per path, for transports that route by themselves (MSW matches paths; `createApp` matches them for servers). */
export interface ServiceRoutes extends App {
  generate: RouteHandler;
  openapi: RouteHandler;
  healthz: RouteHandler;
}

type PlainHandler = (request: ServiceRequest, context?: RequestContext) => Promise<ServiceResponse>;

const ALLOW = [['allow', ALLOWED_METHODS]] as const;
const HEALTH_BODY = JSON.stringify({ status: 'ok' });
/** A 200 JSON answer; to HEAD, its headers (`Content-Length` included) without the body. */
const json = (body: string, head: boolean): ServiceResponse =>
  head ? { status: 200, headers: withHeaders(JSON_HEADERS, contentLengthOf(body)), body: null } : { status: 200, headers: JSON_HEADERS, body };

function isStoreUnavailable(error: unknown): boolean {
  // By name as well: a store bundled separately may carry its own copy of the class.
  return error instanceof QuotaStoreUnavailableError || (error instanceof Error && error.name === 'QuotaStoreUnavailableError');
}

/** Wraps a GET/HEAD handler with the method rules every path shares and the JSON 500/503 that never leaks a stack. */
function route(
  path: string,
  handle: (request: ServiceRequest, context: RequestContext | undefined) => Promise<ServiceResponse> | ServiceResponse,
): PlainHandler {
  return async (request, context) => {
    const method = request.method;
    const head = method === 'HEAD';
    try {
      if (method === 'OPTIONS') return { status: 204, headers: preflightHeaders(request.headers.get('access-control-request-headers')), body: null };
      if (method !== 'GET' && !head) {
        return errorExchange(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${ALLOWED_METHODS}.`, { headers: ALLOW });
      }
      const response = await handle(request, context);
      // HEAD answers as GET would, Content-Length included, without the body.
      return head && response.body !== null ? { ...response, headers: withHeaders(response.headers, contentLengthOf(response.body)), body: null } : response;
    } catch (error) {
      if (isStoreUnavailable(error)) {
        return errorExchange(503, 'quota_store_unavailable', 'The quota store cannot be reached; retry in 1 second.', {
          extras: { retry_after: 1 },
          headers: [['retry-after', '1']],
          head,
        });
      }
      return errorExchange(500, 'internal_error', 'Internal error; the request was not served.', { head });
    }
  };
}

/** The path of an absolute URL: plain string work for the usual case, the URL parser for anything unusual. */
function pathnameOf(url: string): string {
  const hostStart = url.indexOf('//');
  const pathStart = hostStart < 0 ? -1 : url.indexOf('/', hostStart + 2);
  if (pathStart >= 0) {
    let end = url.length;
    for (let i = pathStart; i < url.length; i++) {
      const c = url.charCodeAt(i);
      if (c === 63 /* ? */ || c === 35 /* # */) {
        end = i;
        break;
      }
    }
    const path = url.slice(pathStart, end);
    // Percent-escapes, dot segments and backslashes need the URL parser's normalisation.
    if (!/[%\\.]/.test(path)) return path;
  }
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

const withResponse =
  (handler: PlainHandler): RouteHandler =>
  async (request, context) =>
    toResponse(await handler(request, context));

/**
 * The service as one handler per path, sharing options, quota store and clock. `createApp` routes to them by pathname; the MSW
 * packaging binds each to its own path pattern.
 */
export function createServiceRoutes(options?: AppOptions): ServiceRoutes {
  const resolved = resolveAppOptions(options);
  let openApiBody: Promise<string> | undefined;
  const generate = route(GENERATE_PATH, createGenerateRoute(resolved));
  const openapi = route(OPENAPI_PATH, async (request) => {
    openApiBody ??= import('./openapi-document.js').then(({ createOpenApiDocument }) =>
      JSON.stringify(createOpenApiDocument({ quota: resolved.quota, maxQuantity: resolved.maxQuantity })),
    );
    const body = await openApiBody.catch((error: unknown) => {
      openApiBody = undefined;
      throw error;
    });
    return json(body, request.method === 'HEAD');
  });
  const healthz = route(HEALTHZ_PATH, (request) => json(HEALTH_BODY, request.method === 'HEAD'));
  const pricing = route(PRICING_PATH, createPricingPage(resolved));
  const favicon = route(FAVICON_PATH, () => FAVICON);

  const handle: PlainHandler = async (request, context) => {
    const pathname = pathnameOf(request.url);
    // Unknown paths answer 404 whatever the method (path is checked before method).
    if (pathname === GENERATE_PATH) return generate(request, context);
    if (pathname === OPENAPI_PATH) return openapi(request, context);
    if (pathname === HEALTHZ_PATH) return healthz(request, context);
    if (pathname === PRICING_PATH) return pricing(request, context);
    if (pathname === FAVICON_PATH) return favicon(request, context);
    return errorExchange(404, 'not_found', `No such path. This service answers ${GENERATE_PATH}, ${OPENAPI_PATH} and ${HEALTHZ_PATH}.`, {
      head: request.method === 'HEAD',
    });
  };

  return {
    generate: withResponse(generate),
    openapi: withResponse(openapi),
    healthz: withResponse(healthz),
    store: resolved.store,
    clock: resolved.clock,
    handle,
    fetch: withResponse(handle),
  };
}

/**
 * Creates the siret-mock service as one fetch handler: `app.fetch(request, { clientAddress })` answers `/api/v1/generate`,
 * `/api/v1/openapi.json` and `/healthz` per the contract, and 404 for anything else.
 * @example const app = createApp({ tier: 'free', seed: 42 }); const response = await app.fetch(new Request('http://localhost/api/v1/generate'));
 */
export function createApp(options?: AppOptions): App {
  const { fetch, handle, store, clock } = createServiceRoutes(options);
  return { fetch, handle, store, clock };
}
