import type { RetryAudit } from '../core/quota/index.js';
import {
  resolveAppOptions,
  createPricingPage,
  createCryptoRandom,
  createQuotaControls,
  retryAtOf,
  ALLOWED_METHODS,
  JSON_HEADERS,
  preflightHeaders,
  withHeaders,
  failureAnswer,
  API_PREFIX,
  FAVICON_PATH,
  findRoute,
  isServicePath,
  listPaths,
  ROUTES,
  routePrefix,
  tierOf,
  TIERS,
  type App,
  type AppOptions,
  type RequestContext,
  type ResolvedOptions,
  type HeaderList,
  type RequestFacts,
  type RouteAnswer,
  type RouteDefinition,
  type RouteName,
} from './app/index.js';
import { createOpenApiRoute } from './contract/index.js';
import { createGenerateRoute } from './generate/index.js';
import { createLookupRoute } from './lookup/index.js';
import {
  CONTROL_HEADERS,
  CONTROL_JSON_HEADERS,
  createControlRoutes,
  listControlPaths,
  withDrills,
  createScenarioSlot,
} from './control/index.js';

/** A handler for one path, or for the whole service: `(request, context) => Response`. */
type RouteHandler = (request: Request, context?: RequestContext) => Promise<Response>;

/** The service as one handler per path of the route table (MSW binds each to its own pattern), plus the whole `App`. */
export type ServiceRoutes = App & Readonly<Record<RouteName, RouteHandler>>;

/** How `serveRoute` treats one path. */
interface RouteRules {
  readonly path: string;
  /** The method it answers; a GET route answers HEAD too. `*`: any method, with no preflight nor 405 (the 404). */
  readonly method: 'GET' | 'POST' | '*';
  /** Counted against the quota: its GETs and HEADs on a rate-limited tier are audited. */
  readonly counted?: boolean;
  /** A control endpoint: its answers and refusals carry no CORS headers. */
  readonly control?: boolean;
}

const HEALTH_BODY = JSON.stringify({ status: 'ok' });
const FAVICON_HEADERS: HeaderList = [
  ['access-control-allow-origin', '*'],
  ['cache-control', 'public, max-age=86400'],
];

/** The path of a request URL; a URL a transport built but the URL parser refuses is no path of ours (a 404). */
function pathnameOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** The facts of one request: the tier from its `Authorization`, the caller on first read (then kept). */
function factsOf(request: Request, context: RequestContext | undefined, head: boolean, options: ResolvedOptions): RequestFacts {
  let caller: string | undefined;
  return {
    head,
    context,
    tier: tierOf(request.headers.get('authorization'), options.tier, options.passes),
    get caller() {
      return (caller ??= options.callerOf(request, context));
    },
  };
}

/**
 * Creates the handler of one path: the one place where what every path shares happens. OPTIONS is a preflight (without
 * CORS grants on a control endpoint), another method than the route's a 405 with `Allow`, HEAD the GET answer without
 * its body, a failure a JSON 503 (the quota store is out) or 500 that never leaks a stack; on a counted path, a request
 * on a rate-limited tier is audited with the app's clock.
 */
function serveRoute(rules: RouteRules, answer: RouteAnswer, options: ResolvedOptions, audit: RetryAudit): RouteHandler {
  const { responses, clock } = options;
  const allow = rules.method === 'POST' ? 'POST, OPTIONS' : ALLOWED_METHODS;
  const base = rules.control ? CONTROL_JSON_HEADERS : JSON_HEADERS;
  return async (request, context) => {
    const method = request.method;
    const head = method === 'HEAD' && rules.method !== 'POST';
    if (rules.method !== '*' && method !== rules.method && !head) {
      if (method === 'OPTIONS') {
        const headers = rules.control
          ? withHeaders(CONTROL_HEADERS, [['allow', allow]])
          : preflightHeaders(request.headers.get('access-control-request-headers'));
        return responses.empty(204, headers);
      }
      const message = `${method} is not allowed on ${rules.path}; use ${allow}.`;
      return responses.error({ code: 'method_not_allowed', message, headers: [['allow', allow]], base });
    }
    const facts = factsOf(request, context, head, options);
    const audited = rules.counted === true && (facts.tier === undefined || TIERS[facts.tier].rateLimited);
    const at = audited ? clock.now() : 0;
    let response: Response;
    try {
      response = await answer(request, facts);
    } catch (error) {
      response = responses.error({ ...failureAnswer(error), base });
    }
    if (head) response = await responses.head(response);
    if (audited) {
      const status = response.status;
      const retryAt = status === 429 ? retryAtOf(response.headers.get('retry-after'), at) : undefined;
      audit.record({ caller: facts.caller, at, method, status, ...(retryAt === undefined ? {} : { retryAt }) });
    }
    return response;
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
  const { retryAudit, ...controls } = createQuotaControls(resolved);
  const route = (rules: RouteRules, answer: RouteAnswer): RouteHandler => serveRoute(rules, answer, resolved, retryAudit);
  // With control on, a scenario set by POST /__siret-mock/scenario answers first; drills delay or fail answers.
  const scenario = resolved.controlClock ? createScenarioSlot(resolved.clock, responses) : undefined;
  // The counted routes take the scenarios and drills: a test of a lookup form rehearses its failures as a list's would.
  const drills = resolved.drills && { drills: resolved.drills, random: createCryptoRandom() };
  const counted = (answer: RouteAnswer, lookup = false): RouteAnswer => {
    const staged = scenario ? scenario.wrap(answer, lookup) : answer;
    return drills ? withDrills(staged, drills.drills, drills.random, responses) : staged;
  };
  const lookup = (name: RouteName): RouteAnswer =>
    counted(createLookupRoute(resolved, ROUTES.find((route) => route.name === name) as RouteDefinition), true);
  const answers: Record<RouteName, RouteAnswer> = {
    generate: counted(createGenerateRoute(resolved)),
    siret: lookup('siret'),
    siren: lookup('siren'),
    openapi: createOpenApiRoute(resolved),
    healthz: () => responses.body(HEALTH_BODY, JSON_HEADERS),
  };
  const handlers = Object.fromEntries(
    ROUTES.map(({ name, path, counted }) => [name, route({ path, method: 'GET', counted }, answers[name])]),
  ) as Record<RouteName, RouteHandler>;
  // Mounted in an app's origin, the service answers only the API's paths: the rest are the app's.
  const placement = resolved.mounted ? 'mounted' : 'server';
  const served = ROUTES.filter((route) => isServicePath(route.path, placement));
  const byPath = new Map(served.map(({ name, path }) => [path, handlers[name]]));
  // The lookups' paths end with the number: found by prefix when no path of byPath is the request's.
  const templated = served.filter((route) => routePrefix(route.path) !== route.path);
  const handlerOf = (path: string): RouteHandler | undefined => {
    const handler = byPath.get(path);
    if (handler !== undefined) return handler;
    const route = findRoute(templated, path);
    return route && handlers[route.name];
  };
  // Pages for browsers, outside the API's route table (not in the OpenAPI paths, never mocked): where the `upgrade` link
  // points, and the icon every browser asks for (a cacheable 204 rather than a 404 in every console), which is the app's
  // own when mounted.
  byPath.set(resolved.pricingPath, route({ path: resolved.pricingPath, method: 'GET' }, createPricingPage(resolved)));
  if (isServicePath(FAVICON_PATH, placement))
    byPath.set(
      FAVICON_PATH,
      route({ path: FAVICON_PATH, method: 'GET' }, () => responses.empty(204, FAVICON_HEADERS)),
    );
  if (resolved.controlClock && scenario) {
    const controlRoutes = createControlRoutes(
      { ...controls, clock: resolved.controlClock, scenario, sharedStore: resolved.store.shared === true },
      responses,
      resolved.controlToken === undefined ? {} : { token: resolved.controlToken },
    );
    for (const { path, method, answer } of controlRoutes) byPath.set(path, route({ path, method, control: true }, answer));
  }
  const control = resolved.controlClock ? `, and the control endpoints ${listControlPaths(resolved.store.shared === true)}` : '';
  const notFoundMessage = resolved.mounted
    ? `No such path. This service answers ${listPaths(served)}${control}; paths outside ${API_PREFIX} are the app's.`
    : `No such path. This service answers ${listPaths()}${control}.`;
  // Unknown paths answer 404 whatever the method (path is checked before method).
  const notFound = route({ path: '', method: '*' }, () => responses.error({ code: 'not_found', message: notFoundMessage }));

  return {
    ...handlers,
    ...controls,
    store: resolved.store,
    clock: resolved.clock,
    fetch: (request, context) => (handlerOf(pathnameOf(request.url)) ?? notFound)(request, context),
  };
}

/**
 * Creates the siret-mock service as one fetch handler: `app.fetch(request, { caller })` answers the paths of the route
 * table (`/api/v1/generate`, the lookups `/api/v1/siret/{siret}` and `/api/v1/siren/{siren}`, `/api/v1/openapi.json`,
 * `/healthz`) per the contract, and 404 for anything else.
 * @example const app = createApp({ tier: 'free', seed: 42 }); const response = await app.fetch(new Request('http://localhost/api/v1/generate'));
 */
export function createApp(options?: AppOptions): App {
  const { fetch, store, clock, setUsage, exhaust, audit, reset } = createServiceRoutes(options);
  return { fetch, store, clock, setUsage, exhaust, audit, reset };
}
