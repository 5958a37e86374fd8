import type { RandomSource } from '../../core/random/index.js';
import { INTERNAL_ERROR, type Drills, type Responses } from '../app/index.js';

/**
 * Waits `ms` (timers are fine here: this is the serving layer, not the core), then throws if the request was aborted, so
 * that its route never runs. An abort ends the wait at once: a client that went away, or a connection the server cut,
 * keeps no timer and nothing it holds.
 */
export async function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  await new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
  signal.throwIfAborted();
}

/**
 * Wraps a route with the drills: waits the delay (ended by the request's abort), then answers a JSON 500 for a `failRate`
 * share of requests, drawn from `random` (not the records' source, so that seeded record sequences stay the same), and
 * otherwise lets the route answer.
 */
export function withDrills<C>(
  handler: (request: Request, context: C) => Promise<Response> | Response,
  drills: Drills,
  random: RandomSource,
  responses: Responses,
): (request: Request, context: C) => Promise<Response> {
  const { delay, failRate = 0 } = drills;
  return async (request, context) => {
    const ms = Array.isArray(delay)
      ? delay[0] + Math.floor(random.next() * (delay[1] - delay[0] + 1))
      : ((delay as number | undefined) ?? 0);
    if (ms > 0) await waitUnlessAborted(ms, request.signal);
    if (failRate > 0 && random.next() < failRate) return responses.error(INTERNAL_ERROR);
    return handler(request, context);
  };
}
