// The contract suite against the MSW handlers in a jsdom environment, as a frontend test suite runs them.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineContractSuite } from './contract/contract-suite.js';
import { createMswTargetFactory } from './contract/msw-target.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as Parameters<typeof server.listen>[0]));
afterAll(() => server.close());

it('runs in a DOM environment', () => {
  expect(typeof window.document.createElement).toBe('function');
});

defineContractSuite('MSW handlers under setupServer (jsdom)', createMswTargetFactory(server));
