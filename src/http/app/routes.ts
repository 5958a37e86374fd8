import type { RequestContext } from './app-options.js';
import type { JsonSchemaName } from '../contract/index.js';
import type { Tier } from './tiers.js';

/** The name of a route, and of its handler in `createServiceRoutes`. */
export type RouteName = 'generate' | 'siret' | 'siren' | 'openapi' | 'healthz';

/** One path of the service: everything routing, the 404 text, the MSW handlers, the Vite plugin and the OpenAPI paths need. */
export interface RouteDefinition {
  /** Which handler of `createServiceRoutes` answers it. */
  readonly name: RouteName;
  /** The path, or a template whose last segment is a parameter (`/api/v1/siret/{siret}`): the rest of the path after its prefix. */
  readonly path: string;
  /** Counted against the free-tier quota (and so rate limited). */
  readonly counted: boolean;
  /** Served by the MSW handlers and the Vite plugin too (not only by the server). */
  readonly mocked: boolean;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  /** The JSON Schema of its 200 body; `undefined` for the OpenAPI document itself. */
  readonly schema: JsonSchemaName | undefined;
}

/**
 * The service's paths. Every path answers GET and HEAD (HEAD as GET without a body), OPTIONS as a CORS preflight, and 405 to
 * any other method; an unknown path is a 404 whatever the method. Adding an endpoint is one row here plus its handler.
 */
export const ROUTES: readonly RouteDefinition[] = [
  {
    name: 'generate',
    path: '/api/v1/generate',
    counted: true,
    mocked: true,
    operationId: 'generate',
    summary: 'Generate fictitious French company records',
    description: 'Records with Luhn-valid SIRET/SIREN numbers, company names and real commune/postcode pairs.',
    schema: 'GenerateResponse',
  },
  {
    name: 'siret',
    path: '/api/v1/siret/{siret}',
    counted: true,
    mocked: true,
    operationId: 'lookupSiret',
    summary: 'Look up one establishment by SIRET (extension)',
    description: "This mock's extension: the establishment behind a SIRET in the world of a seed, the record generate gives for it.",
    schema: 'SiretLookupResponse',
  },
  {
    name: 'siren',
    path: '/api/v1/siren/{siren}',
    counted: true,
    mocked: true,
    operationId: 'lookupSiren',
    summary: 'Look up one unit and its establishments by SIREN (extension)',
    description: "This mock's extension: the unit behind a SIREN in the world of a seed, its head office first.",
    schema: 'SirenLookupResponse',
  },
  {
    name: 'openapi',
    path: '/api/v1/openapi.json',
    counted: false,
    mocked: true,
    operationId: 'openapi',
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 document of the service, with the limits it is configured with. Never counted.',
    schema: undefined,
  },
  {
    name: 'healthz',
    path: '/healthz',
    counted: false,
    mocked: false,
    operationId: 'healthz',
    summary: 'Liveness',
    description: 'Answers 200 while the process serves. Never counted; served by the server, not by the MSW handlers.',
    schema: 'Health',
  },
];

const pathOf = (name: RouteName): string => (ROUTES.find((route) => route.name === name) as RouteDefinition).path;

/** The service's paths, by name. */
export const GENERATE_PATH: string = pathOf('generate');
export const OPENAPI_PATH: string = pathOf('openapi');

/** The prefix of the versioned API paths (spec 9: the version is a path segment). Adapters that share an origin with an app
 * (the Vite plugin, the server's static files) hand everything under it to the service. */
export const API_PREFIX = '/api/v1/';

/** Where the default `upgrade` link of 429, 403 and quantity errors points: `${origin}/pricing`. */
export const PRICING_PATH = '/pricing';
/** The same page where the service is mounted in an app's origin, under the API prefix the app leaves to it. */
export const MOUNTED_PRICING_PATH: string = `${API_PREFIX}pricing`;
/** The icon every browser asks for: a cacheable 204 from a service that has its origin to itself. */
export const FAVICON_PATH = '/favicon.ico';

/** Where the control endpoints live; never under the API's `/api/v1/`. */
export const CONTROL_PREFIX = '/__siret-mock';

/** One control endpoint: its path, the method it answers, and whether it holds across processes sharing one Redis. */
export interface ControlRoute {
  readonly name: 'reset' | 'clock' | 'usage' | 'scenario' | 'audit';
  readonly path: string;
  readonly method: 'POST' | 'GET';
  readonly shared: boolean;
}

/** The control endpoints (served with the `control` option). */
export const CONTROL_ROUTES: readonly ControlRoute[] = [
  { name: 'reset', path: `${CONTROL_PREFIX}/reset`, method: 'POST', shared: true },
  { name: 'clock', path: `${CONTROL_PREFIX}/clock`, method: 'POST', shared: false },
  { name: 'usage', path: `${CONTROL_PREFIX}/usage`, method: 'POST', shared: false },
  { name: 'scenario', path: `${CONTROL_PREFIX}/scenario`, method: 'POST', shared: false },
  { name: 'audit', path: `${CONTROL_PREFIX}/audit`, method: 'GET', shared: false },
];

/**
 * How an adapter places the service: alone on its origin (`server`), inside an app's origin that owns every path outside
 * `/api/v1/` (`mounted`: the Vite plugin, Next.js), or as MSW handlers beside the network (`msw`).
 */
export type Placement = 'server' | 'mounted' | 'msw';

const CONTROL_PATHS = new Set(CONTROL_ROUTES.map((route) => route.path));
// The service's own paths outside the API prefix, where it has the origin to itself.
const TOP_LEVEL_PATHS = new Set(
  [...ROUTES.map((route) => route.path), PRICING_PATH, FAVICON_PATH].filter((path) => !path.startsWith(API_PREFIX)),
);
/** The fixed part of a route's path: all of it, or a template's up to its parameter (`/api/v1/siret/`). */
export const routePrefix = (path: string): string => path.replace(/\{\w+\}$/, '');

/**
 * The route of `routes` that answers a path: the one with that path, or a template whose prefix it starts with (the rest,
 * slashes included, is the parameter, so that a lookup answers whatever a form sent).
 */
export function findRoute<R extends { readonly path: string }>(routes: readonly R[], path: string): R | undefined {
  return routes.find((route) => {
    const prefix = routePrefix(route.path);
    return prefix === route.path ? path === prefix : path.startsWith(prefix);
  });
}

const MOCKED_ROUTES = ROUTES.filter((route) => route.mocked);

/**
 * Whether a path is the service's where it is placed, derived from the route tables: the MSW handlers answer the mocked
 * routes only (every other request goes on to the network); mounted, the service answers everything under `/api/v1/` (a
 * 404 for what it does not know) and the control endpoints when `control` is on; on a server, the paths outside the
 * prefix too (`/healthz`, `/pricing`, `/favicon.ico`), which the demo's files never shadow.
 */
export function isServicePath(path: string, placement: Placement, control = false): boolean {
  if (placement === 'msw') return findRoute(MOCKED_ROUTES, path) !== undefined;
  if (path.startsWith(API_PREFIX) || (control && CONTROL_PATHS.has(path))) return true;
  return placement === 'server' && TOP_LEVEL_PATHS.has(path);
}

/** `a, b and c`: the paths of some routes, for messages. */
export function listPaths(routes: readonly RouteDefinition[] = ROUTES): string {
  const paths = routes.map((route) => route.path);
  return paths.length < 2 ? (paths[0] ?? '') : `${paths.slice(0, -1).join(', ')} and ${paths[paths.length - 1]}`;
}

/** What the app decides about a request once, before a route answers it, and hands on to the route. */
export interface RequestFacts {
  /** A HEAD: the route answers it as it would a GET, and the body is dropped after (in `serveRoute`, the one place). */
  readonly head: boolean;
  /** The tier it is served on, from its `Authorization`; `undefined` for an unknown Bearer pass (a 401). */
  readonly tier: Tier | undefined;
  /** Who it counts against (`callerOf`), decided on first read: a request that counts nothing never computes it. */
  readonly caller: string;
  readonly context: RequestContext | undefined;
}

/** What a route does for the method it answers; methods, preflights, HEAD, failures and the audit are `serveRoute`'s. */
export type RouteAnswer = (request: Request, facts: RequestFacts) => Promise<Response> | Response;
