// Retrying clients against MSW handlers on Vitest's fake clock: a client's wait (a Retry-After, a back-off) passes at once,
// and `Date.now()`, which the handlers' clock reads, moves with it. The clock moves only while no request is in flight, to
// the next timer set, so every request is answered at the time its client sent it.
import type { SetupServer } from 'msw/node';
import { vi } from 'vitest';

/** Fakes timers and `Date` (call it in `beforeEach`; `vi.useRealTimers()` in `afterEach` puts them back). */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

/**
 * Returns a runner that settles `work` on the fake clock: between turns of the real event loop, while `server` has no
 * request in flight and `work` is not settled, the clock moves to the next timer.
 */
export function clockDriver(server: SetupServer): <T>(work: Promise<T>) => Promise<T> {
  let inFlight = 0;
  server.events.on('request:start', () => void inFlight++);
  server.events.on('request:end', () => void inFlight--);
  return async (work) => {
    let settled = false;
    const done = work.finally(() => (settled = true));
    done.catch(() => undefined);
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      if (!settled && inFlight === 0) await vi.advanceTimersToNextTimerAsync();
    }
    return work;
  };
}
