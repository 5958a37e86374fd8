import type { JsonSchemaName } from './json-schemas.js';

/** The name of a route, and of its handler in `createServiceRoutes`. */
export type RouteName = 'generate' | 'openapi' | 'healthz';

/** One path of the service: everything routing, the 404 text, the MSW handlers, the Vite plugin and the OpenAPI paths need. */
export interface RouteDefinition {
  /** Which handler of `createServiceRoutes` answers it. */
  readonly name: RouteName;
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
export const HEALTHZ_PATH: string = pathOf('healthz');

/** The prefix of the versioned API paths (spec 9: the version is a path segment). Adapters that share an origin with an app
 * (the Vite plugin, the server's static files) hand everything under it to the service. */
export const API_PREFIX = '/api/v1/';

/** `a, b and c`: the paths of some routes, for messages. */
export function listPaths(routes: readonly RouteDefinition[] = ROUTES): string {
  const paths = routes.map((route) => route.path);
  return paths.length < 2 ? (paths[0] ?? '') : `${paths.slice(0, -1).join(', ')} and ${paths[paths.length - 1]}`;
}
