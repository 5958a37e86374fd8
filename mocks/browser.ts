// Browser dev builds: `const { worker } = await import('siret-mock/msw/browser'); await worker.start();` (run `npx msw init public/` once).
import { setupWorker, type SetupWorker } from 'msw/browser';
import { handlers } from './handlers.js';

export { mock } from './handlers.js';

/** A Service Worker serving the default handler set. */
export const worker: SetupWorker = setupWorker(...handlers);
