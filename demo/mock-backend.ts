import { setupWorker } from 'msw/browser';
import { createHandlers, scenarios } from 'siret-mock/msw';

/** The scenarios the picker offers, each a handler set the worker puts in front of the normal one. */
export const SCENARIO_NAMES = ['rate-limit-minute', 'rate-limit-day', 'server-error', 'network-error', 'slow'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** What the page can do to the mock running in its service worker. */
export interface MockBackend {
  setScenario(name: ScenarioName | undefined): void;
  advanceClock(ms: number): void;
  reset(): void;
}

const scenarioHandlers = {
  'rate-limit-minute': () => scenarios.rateLimitMinute(),
  'rate-limit-day': () => scenarios.rateLimitDay(),
  'server-error': () => scenarios.serverError(),
  'network-error': () => scenarios.networkError(),
  slow: () => scenarios.slow(),
} satisfies Record<ScenarioName, () => unknown>;

/**
 * Starts the MSW worker with the siret-mock handlers. It answers only this page's origin, so requests to a running
 * server pass through to the network; a request with `Authorization: Bearer <passToken>` is served as lifetime.
 */
export async function startMockBackend(options: { passToken: string }): Promise<MockBackend> {
  const mock = createHandlers({ passes: [options.passToken], baseUrl: location.origin });
  const worker = setupWorker(...mock.handlers);
  await worker.start({
    serviceWorker: { url: new URL('mockServiceWorker.js', document.baseURI).pathname },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return {
    setScenario(name) {
      worker.resetHandlers();
      if (name) worker.use(...[scenarioHandlers[name]()].flat());
    },
    advanceClock(ms) {
      mock.clock.advance(ms);
    },
    reset() {
      mock.reset();
    },
  };
}
