import type { Clock } from '../core/quota/index.js';

/** The real clock: the one place the packagings read the time (core code takes a `Clock` instead). */
export const systemClock: Clock = { now: () => Date.now() };
