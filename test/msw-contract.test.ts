// The contract suite against the MSW handlers, intercepted by setupServer in the Node environment.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { defineContractSuite } from './contract/contract-suite.js';
import { createMswTargetFactory } from './contract/msw-target.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as Parameters<typeof server.listen>[0]));
afterAll(() => server.close());

defineContractSuite('MSW handlers under setupServer (node)', createMswTargetFactory(server));
