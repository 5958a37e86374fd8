import type { RandomSource } from '../../core/random/index.js';
import { INTERNAL_ERROR, type Drills, type Responses } from '../app/index.js';

/**
 * Wraps a route with the drills: waits the delay (timers are fine here: this is the serving layer, not the core), then
 * answers a JSON 500 for a `failRate` share of requests, drawn from `random` (not the records' source, so that seeded
 * record sequences stay the same), and otherwise lets the route answer.
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
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    if (failRate > 0 && random.next() < failRate) return responses.error(INTERNAL_ERROR);
    return handler(request, context);
  };
}
