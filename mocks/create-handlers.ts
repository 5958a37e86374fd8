import { http, type HttpHandler } from 'msw';
import type { CompanyRecord } from '../src/core/company-record.js';
import { createMemoryQuotaStore } from '../src/core/quota-store.js';
import { createServiceRoutes, ROUTES, type AppOptions, type ServiceRoutes } from '../src/http/index.js';
import { createControllableClock, type ControllableClock } from './controllable-clock.js';
import { clearRecordsDb, createRecordsDb, type RecordsDb } from './records-db.js';

/** Options of `createHandlers`: every `createApp` option, plus where the service lives. */
export interface HandlersOptions extends AppOptions {
  /**
   * Narrows the handlers to one service, e.g. `https://api.example.test` or `http://localhost:5173/siret`. Without it they match
   * `/api/v1/generate` and `/api/v1/openapi.json` on any origin. @default undefined (any origin)
   */
  baseUrl?: string;
  /**
   * Keep every served record in `db`. Each record costs about 10 microseconds in @msw/data, so a hot loop that never
   * reads `db` may turn it off. @default true
   */
  recordServed?: boolean;
}

/** One independent mock of the service. */
export interface SiretMockHandlers {
  /** Spread into `setupServer(...)` or `setupWorker(...)`. They match only the service's own paths. */
  handlers: HttpHandler[];
  /** Forgets quota counters, empties `db`, puts `clock` back and rewinds the `seed` sequence. Call it in `afterEach`. */
  reset(): void;
  /** The clock behind quota windows and `meta.generated_at`: real time (or `options.clock`) plus an offset. */
  clock: ControllableClock;
  /** Every record served with a 200, in order. */
  db: RecordsDb;
}

/** The pattern of one service path: on any origin, or under `baseUrl`. */
export function servicePattern(path: string, baseUrl: string | undefined): string {
  return baseUrl === undefined ? `*${path}` : `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * Creates MSW handlers answering the siret-mock contract (free-tier 429s included) from the same fetch handler as the
 * server. Handler sets share nothing: each has its own quota, clock and db; all its requests count as one caller unless
 * `callerKey` says otherwise.
 * @example const mock = createHandlers(); const server = setupServer(...mock.handlers); afterEach(() => mock.reset());
 */
export function createHandlers(options: HandlersOptions = {}): SiretMockHandlers {
  const { baseUrl, recordServed = true, ...appOptions } = options;
  const clock = createControllableClock(options.clock);
  const store = options.store ?? createMemoryQuotaStore();
  const db = createRecordsDb();
  const served = new WeakMap<object, CompanyRecord[]>();
  const build = (): ServiceRoutes =>
    createServiceRoutes({
      ...appOptions,
      clock,
      store,
      onRecords(records, request) {
        if (recordServed) served.set(request, records);
        appOptions.onRecords?.(records, request);
      },
    });
  let routes = build();

  // One handler per route of the table that the mocks serve (the server-only /healthz is left to pass through).
  const handlers = ROUTES.filter((route) => route.mocked).map((route) =>
    http.all(servicePattern(route.path, baseUrl), async ({ request }) => {
      const response = await routes[route.name](request);
      const records = served.get(request);
      // Recorded before the response is delivered, so a test that awaited fetch sees them in db.
      if (records !== undefined) await Promise.all(records.map((record) => db.create(record)));
      return response;
    }),
  );

  return {
    handlers,
    clock,
    db,
    reset() {
      void store.reset();
      clearRecordsDb(db);
      clock.reset();
      routes = build();
    },
  };
}
