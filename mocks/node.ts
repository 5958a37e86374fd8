// Node and jsdom tests: `server.listen()` in beforeAll, `mock.reset()` in afterEach, `server.close()` in afterAll.
import { setupServer, type SetupServer } from 'msw/node';
import { handlers } from './handlers.js';

export { mock } from './handlers.js';

/** An interceptor serving the default handler set. */
export const server: SetupServer = setupServer(...handlers);
