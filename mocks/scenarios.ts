import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Clock } from '../src/core/quota/index.js';
import {
  INTERNAL_ERROR,
  NOT_FOUND_SCENARIO_MESSAGE,
  responses,
  ROUTES,
  routePrefix,
  systemClock,
  createRateLimitedAnswer,
  type RateLimitedAnswerOptions,
  type RouteDefinition,
} from '../src/http/index.js';

/** Which requests a scenario takes over. */
export interface ScenarioOptions {
  /** How many requests it answers before letting later ones through; `Infinity` for all. @default 1 */
  times?: number;
  /** Same as `createHandlers({ baseUrl })`. @default undefined (any origin) */
  baseUrl?: string;
}

/** Options of `scenarios.rateLimited`. */
export interface RateLimitedOptions extends ScenarioOptions, RateLimitedAnswerOptions {
  /** The clock used for the seconds to midnight (and an HTTP-date `Retry-After`). @default real time */
  clock?: Clock;
}

// The routes a scenario takes over: the counted ones (generate and the lookups), or the lookups alone.
const COUNTED = ROUTES.filter((route) => route.counted);
const LOOKUPS = COUNTED.filter((route) => route.name !== 'generate');

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The URLs of `routes`, on any origin or under `baseUrl`, as one pattern: a scenario's handler sees no other request. */
function routesPattern(routes: readonly RouteDefinition[], baseUrl: string | undefined): RegExp {
  const paths = routes.map(({ path }) => (routePrefix(path) === path ? escapeRegExp(path) : `${escapeRegExp(routePrefix(path))}.*`));
  const base = baseUrl === undefined ? '.*' : escapeRegExp(baseUrl.replace(/\/+$/, ''));
  return new RegExp(`^${base}(?:${paths.join('|')})$`);
}

/** A handler for `routes` (the counted ones unless told) that answers `times` requests (preflights excluded) and then steps aside. */
function takeOver(
  options: ScenarioOptions,
  respond: (request: Request) => Promise<Response | undefined> | Response | undefined,
  routes: readonly RouteDefinition[] = COUNTED,
): HttpHandler {
  let left = options.times ?? 1;
  return http.all(routesPattern(routes, options.baseUrl), async ({ request }) => {
    if (left <= 0 || request.method === 'OPTIONS') return undefined;
    left--;
    const response = await respond(request);
    return response !== undefined && response.type !== 'error' && request.method === 'HEAD' ? responses.head(response) : response;
  });
}

/**
 * Ready-made failures for frontend tests, to pass to `server.use(...)` / `worker.use(...)` on top of `createHandlers()`.
 * Each takes over the counted paths (generate and the lookups; `notFound` the lookups alone), each call a fresh handler
 * with its own count.
 * @example server.use(scenarios.rateLimited({ window: 'day' }))
 */
export const scenarios = {
  /** The next request(s) get the spec's 429 with `Retry-After`, `RateLimit` and `RateLimit-Policy`. */
  rateLimited(options: RateLimitedOptions = {}): HttpHandler {
    return takeOver(options, createRateLimitedAnswer(options, options.clock ?? systemClock));
  },
  /** The next request(s) get a JSON 500 `internal_error`. */
  serverError(options: ScenarioOptions = {}): HttpHandler {
    return takeOver(options, () => responses.error(INTERNAL_ERROR));
  },
  /** The next request(s) fail at the network level: `fetch` rejects with a TypeError. */
  networkError(options: ScenarioOptions = {}): HttpHandler {
    return takeOver(options, () => HttpResponse.error());
  },
  /**
   * The next lookup(s), of any number, get a 404 `not_found` (reason `unused_number`): a form's "no such company" path.
   * Generate is answered as usual.
   */
  notFound(options: ScenarioOptions = {}): HttpHandler {
    const message = NOT_FOUND_SCENARIO_MESSAGE;
    return takeOver(options, () => responses.error({ code: 'not_found', message, extras: { reason: 'unused_number' } }), LOOKUPS);
  },
  /** The next request(s) wait `ms` milliseconds, then are answered by the handlers behind (the normal contract). */
  slow(ms: number, options: ScenarioOptions = {}): HttpHandler {
    return takeOver(options, async () => {
      await delay(ms);
      return undefined;
    });
  },
};
