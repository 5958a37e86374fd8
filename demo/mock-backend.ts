import { setupWorker } from 'msw/browser';
import { createHandlers, scenarios } from 'siret-mock/msw';

/** The scenarios the picker offers, each a handler set the worker puts in front of the normal one. */
export const SCENARIO_NAMES = ['rate-limit-minute', 'rate-limit-day', 'server-error', 'network-error', 'slow'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** How long the "slow" scenario holds each answer. */
const SLOW_MS = 2_500;

/** What the page can do to the mock running in its service worker. */
export interface MockBackend {
  setScenario(name: ScenarioName | undefined): void;
  advanceClock(ms: number): void;
  reset(): void;
}

/**
 * Starts the MSW worker with the siret-mock handlers. It answers only under this page's folder, so requests to a running
 * server pass through to the network; a request with `Authorization: Bearer <passToken>` is served as lifetime.
 */
export async function startMockBackend(options: { passToken: string }): Promise<MockBackend> {
  // The page's own folder: where main.ts sends its requests, whatever path the demo is served under.
  const baseUrl = new URL('.', document.baseURI).href;
  const mock = createHandlers({ passes: [options.passToken], baseUrl });
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
    setScenario(name) {
      worker.resetHandlers();
      if (name) worker.use(scenarioHandlers[name]());
    },
    advanceClock(ms) {
      mock.clock.advance(ms);
    },
    reset() {
      mock.reset();
    },
  };
}
