// Packs createHandlers() as contract targets. One MSW server serves every live target; each target gets its own origin
// (baseUrl narrows its handlers), so tests that need two services at once keep them apart.
import type { SetupServer } from 'msw/node';
import { createHandlers, type SiretMockHandlers } from '../../mocks/index.js';
import type { AppOptions } from '../../src/http/index.js';
import { CONTRACT_START_TIME, type ContractTarget } from './contract-suite.js';

/** A `createTarget` for `defineContractSuite`, serving through `server` (already listening). */
export function createMswTargetFactory(server: SetupServer): (options: AppOptions) => Promise<ContractTarget> {
  const live = new Set<SiretMockHandlers>();
  let next = 0;
  return async (options) => {
    const baseUrl = `http://siret-mock-${++next}.test`;
    // A frozen clock at the start time: the target's time moves only through advanceClock.
    const mock = createHandlers({ ...options, baseUrl, clock: { now: () => CONTRACT_START_TIME } });
    live.add(mock);
    server.use(...mock.handlers);
    return {
      baseUrl,
      fetch: (input, init) => fetch(input, init),
      advanceClock: (ms) => mock.clock.advance(ms),
      async close() {
        live.delete(mock);
        server.resetHandlers(...[...live].flatMap((m) => m.handlers));
      },
    };
  };
}
