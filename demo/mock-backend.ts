import { setupWorker } from 'msw/browser';
import { createHandlers, scenarios, type AuditedRequest, type QuotaUsage, type QuotaWindow } from 'siret-mock/msw';
import type { PersistMode, ScenarioName } from './session-log.js';

/** How long the "slow" scenario holds each answer. */
const SLOW_MS = 2_500;

/** What the page can do to the mock running in its service worker. */
export interface MockBackend {
  setScenario(name: ScenarioName | undefined): void;
  advanceClock(ms: number): void;
  setUsage(usage: Partial<QuotaUsage>): void;
  exhaust(window: QuotaWindow): void;
  reset(): void;
  /** The mock's clock, epoch ms. */
  now(): number;
  /** The latest request the mock's fetch handler answered (scenarios in front of it are not seen). */
  lastAudited(): AuditedRequest | undefined;
  /** The base URL the mock answers under: the page's own folder. */
  baseUrl: string;
}

/**
 * Starts the MSW worker with the siret-mock handlers. It answers only under this page's folder, so requests to a running
 * server pass through to the network; a request with `Authorization: Bearer <passToken>` is served as lifetime. With
 * `persist`, the quota and clock live in the tab's or the origin's web storage.
 */
export async function startMockBackend(options: { passToken: string; persist: PersistMode }): Promise<MockBackend> {
  // The page's own folder: where main.ts sends its requests, whatever path the demo is served under.
  const baseUrl = new URL('.', document.baseURI).href;
  const mock = createHandlers({
    passes: [options.passToken],
    baseUrl,
    ...(options.persist === 'memory' ? {} : { persist: options.persist }),
  });
  // Scenarios stay on until the picker changes (times: Infinity) and read the mock's clock, so "advance" moves them too.
  const scenario = { times: Infinity, baseUrl };
  const scenarioHandlers = {
    'rate-limit-minute': () => scenarios.rateLimited({ ...scenario, window: 'minute', clock: mock.clock }),
    'rate-limit-day': () => scenarios.rateLimited({ ...scenario, window: 'day', clock: mock.clock }),
    'server-error': () => scenarios.serverError(scenario),
    'network-error': () => scenarios.networkError(scenario),
    slow: () => scenarios.slow(SLOW_MS, scenario),
  } satisfies Record<ScenarioName, () => unknown>;
  const worker = setupWorker(...mock.handlers);
  await worker.start({
    serviceWorker: { url: new URL('mockServiceWorker.js', document.baseURI).pathname },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return {
    baseUrl,
    setScenario(name) {
      worker.resetHandlers();
      if (name) worker.use(scenarioHandlers[name]());
    },
    advanceClock: (ms) => mock.clock.advance(ms),
    setUsage: (usage) => mock.setUsage(usage),
    exhaust: (window) => mock.exhaust(window),
    reset: () => mock.reset(),
    now: () => mock.clock.now(),
    lastAudited: () => mock.audit().requests.at(-1),
  };
}
