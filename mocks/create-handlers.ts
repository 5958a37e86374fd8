import { http, type HttpHandler } from 'msw';
import type { CompanyRecord } from '../src/core/company/index.js';
import { createMemoryQuotaStore, type AuditReport, type QuotaUsage, type QuotaWindow } from '../src/core/quota/index.js';
// From the modules themselves rather than the src/http barrel, so that the graph test sees what the handlers really load.
import {
  responses,
  findRoute,
  isServicePath,
  listPaths,
  routePrefix,
  ROUTES,
  createControllableClock,
  createServiceRoutes,
  type AppOptions,
  type RouteDefinition,
  type ControllableClock,
  type ServiceRoutes,
} from '../src/http/index.js';
import { createPersistedQuota } from './persisted-quota.js';
import { clearRecords, type RecordsCollection } from './records.js';

/** Options of `createHandlers`: every `createApp` option, plus where the service lives. */
export interface HandlersOptions<Db extends RecordsCollection | undefined = undefined> extends AppOptions {
  /**
   * Narrows the handlers to one service, e.g. `https://api.example.test` or `http://localhost:5173/siret`. Without it they match
   * `/api/v1/generate`, the lookups and `/api/v1/openapi.json` on any origin. @default undefined (any origin)
   */
  baseUrl?: string;
  /**
   * Where to keep every record generate serves with a 200 (a lookup finds a record again, it adds none): your own `@msw/data` collection
   * (`new Collection({ schema: companyRecordStandardSchema })`), or `createRecordsDb()` from `siret-mock/msw/data`.
   * Without it nothing is recorded and @msw/data is never loaded. @default undefined
   */
  db?: Db;
  /**
   * Keeps the quota and the clock offset in the browser's `sessionStorage` (`'session'`: across reloads of the tab) or
   * IndexedDB (`'local'`: across reloads, and one quota shared by every tab of the origin, each count one transaction),
   * as the real service would count them. Handler sets with the same `baseUrl` share the stored state. @default undefined
   * (in memory, per page load)
   */
  persist?: 'session' | 'local';
}

/** One independent mock of the service. */
export interface SiretMockHandlers<Db extends RecordsCollection | undefined = undefined> {
  /** Spread into `setupServer(...)` or `setupWorker(...)`. They match only the service's own paths. */
  handlers: HttpHandler[];
  /**
   * The same service as a fetch function, for transports without MSW (Playwright's `page.route`, a custom `fetch`): it
   * answers the paths the handlers match (same quota, clock and db) and a JSON 404 for any other URL.
   */
  fetch(request: Request): Promise<Response>;
  /**
   * Forgets quota counters (back to the `usage` option), the audit, empties `db` (if given), puts `clock` back and rewinds
   * the `seed` sequence. Call it in `afterEach`.
   */
  reset(): void;
  /**
   * Sets the requests already counted in the current windows, from now: after `setUsage({ minute: 6 })` the next answer
   * reports 3 left this minute. An omitted count keeps its value; the day counts at least the minute.
   * @example siret.setUsage({ minute: 6, day: 93 })
   */
  setUsage(usage: Partial<QuotaUsage>): void;
  /** `setUsage` at the limit: `exhaust('minute')` until the minute window ends, `exhaust('day')` until 00:00 UTC. */
  exhaust(window: QuotaWindow): void;
  /**
   * Every request to `/api/v1/generate` and the lookups so far (the latest 1,000), and each time a client did not wait out a 429's
   * `Retry-After`: `early-retry` (a request before it elapsed, by `clock`) and `retry-storm` (more than 3 inside one wait).
   * @example expect(siret.audit().violations).toEqual([])
   */
  audit(): AuditReport;
  /** The clock behind quota windows and `meta.generated_at`: real time (or `options.clock`) plus an offset. */
  clock: ControllableClock;
  /** The `db` option: every record generate served with a 200, in order (`undefined` without the option). */
  db: Db;
}

/** The pattern of one service path: on any origin, or under `baseUrl`; a lookup's number is the rest of the path. */
function servicePattern(path: string, baseUrl: string | undefined): string {
  const pattern = `${routePrefix(path)}${routePrefix(path) === path ? '' : '*'}`;
  return baseUrl === undefined ? `*${pattern}` : `${baseUrl.replace(/\/+$/, '')}${pattern}`;
}

/**
 * Creates MSW handlers answering the siret-mock contract (free-tier 429s included) from the same fetch handler as the
 * server. Handler sets share nothing: each has its own quota, clock and db; all its requests count as one caller unless
 * `callerOf` says otherwise.
 * @example const mock = createHandlers(); const server = setupServer(...mock.handlers); afterEach(() => mock.reset());
 */
export function createHandlers<Db extends RecordsCollection | undefined = undefined>(
  options: HandlersOptions<Db> = {},
): SiretMockHandlers<Db> {
  const { baseUrl, db, persist, ...appOptions } = options;
  if (persist !== undefined && options.store !== undefined) {
    throw new TypeError('persist keeps the memory store in browser storage; it cannot be combined with store');
  }
  const persisted = persist === undefined ? undefined : createPersistedQuota(persist, `siret-mock:${baseUrl ?? '*'}`, options.clock);
  const clock = persisted?.clock ?? createControllableClock(options.clock);
  const store = options.store ?? persisted?.store ?? createMemoryQuotaStore();
  const served = new WeakMap<object, CompanyRecord[]>();
  const onRecords = appOptions.onRecords;
  const build = (): ServiceRoutes =>
    createServiceRoutes({
      ...appOptions,
      clock,
      store,
      // Without a db, records are not kept anywhere: the handler does no work for them.
      onRecords:
        db === undefined
          ? onRecords
          : (records, request) => {
              served.set(request, records);
              onRecords?.(records, request);
            },
    });
  let routes = build();

  /** Answers a request for one route of the app; with a db, the records of a 200 are kept before the answer is delivered. */
  const answer = async ({ name }: RouteDefinition, request: Request): Promise<Response> => {
    const response = await routes[name](request);
    const records = db && served.get(request);
    // Recorded before the response is delivered, so a test that awaited fetch sees them in db.
    if (db && records !== undefined) await Promise.all(records.map((record) => db.create(record)));
    return response;
  };
  // The routes of the table that the mocks serve (the server-only /healthz is left to pass through).
  const mocked = ROUTES.filter((route) => isServicePath(route.path, 'msw'));
  const handlers = mocked.map((route) =>
    http.all(servicePattern(route.path, baseUrl), ({ request }) => (db ? answer(route, request) : routes[route.name](request))),
  );
  const base = baseUrl === undefined ? undefined : new URL(baseUrl.replace(/\/+$/, '') + '/');
  /** The service path a URL asks for, relative to `baseUrl` (on any origin without it), or `undefined` if it is not ours. */
  const servicePath = (url: URL): string | undefined => {
    if (base === undefined) return url.pathname;
    const prefix = base.pathname.slice(0, -1);
    return url.origin === base.origin && url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : undefined;
  };

  return {
    handlers,
    async fetch(request) {
      const path = servicePath(new URL(request.url));
      const route = path === undefined ? undefined : findRoute(mocked, path);
      if (route !== undefined) return answer(route, request);
      return responses.error({ code: 'not_found', message: `siret-mock answers ${listPaths(mocked)} only.` });
    },
    clock,
    db: db as Db,
    reset() {
      void store.reset();
      if (db !== undefined) clearRecords(db);
      clock.reset();
      routes = build();
    },
    setUsage: (usage) => void routes.setUsage(usage),
    exhaust: (window) => void routes.exhaust(window),
    audit: () => routes.audit(),
  };
}
