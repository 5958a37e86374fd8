// The contract suite against the real HTTP server: createSiretServer on a free loopback port, reached over TCP with fetch.
import { createSiretServer } from '../src/node/server/index.js';
import { CONTRACT_START_TIME, defineContractSuite } from './contract/contract-suite.js';

defineContractSuite(
  'Node HTTP server',
  async (options) => {
    let elapsed = 0;
    const server = createSiretServer({
      ...options,
      clock: { now: () => CONTRACT_START_TIME + elapsed },
      demoDir: false,
      log: () => undefined,
    });
    const url = await server.listen(0, '127.0.0.1');
    return {
      baseUrl: url.origin,
      fetch: (input, init) => fetch(input, init),
      advanceClock: (ms) => {
        elapsed += ms;
      },
      close: () => server.close(),
    };
  },
  { unknownPathIs404: true },
);
