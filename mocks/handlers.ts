// The conventional MSW entry: one default handler set for this app. Import `mock` to reach `reset()` and `clock`.
import { createHandlers, type SiretMockHandlers } from './create-handlers.js';

/** The default siret-mock handler set (free tier, real time). */
export const mock: SiretMockHandlers = createHandlers();

/** The handlers to pass to `setupServer` / `setupWorker`. */
export const handlers: SiretMockHandlers['handlers'] = mock.handlers;
