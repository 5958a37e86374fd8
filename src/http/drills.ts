import type { RandomSource } from '../core/random/index.js';
import { INTERNAL_ERROR_MESSAGE, type Responses } from './responses.js';

/** Latency and failure drills of a server: every answer of a route delayed, and a share of them a JSON 500. */
export interface Drills {
  /** Milliseconds before each answer: a fixed delay, or `[min, max]` drawn evenly for each request. */
  delay?: number | readonly [number, number];
  /** Share of answers replaced by a JSON 500 `internal_error`, 0 to 1. */
  failRate?: number;
}

/** Checks the drills and throws a RangeError naming the option. */
export function checkDrills(drills: Drills): Drills {
  const { delay, failRate } = drills;
  const ms = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 600_000;
  if (delay !== undefined && !(Array.isArray(delay) ? delay.length === 2 && delay.every(ms) && delay[0] <= delay[1] : ms(delay))) {
    throw new RangeError(`delay must be whole milliseconds 0..600000, or [min, max] with min <= max, got ${JSON.stringify(delay)}`);
  }
  if (failRate !== undefined && !(typeof failRate === 'number' && failRate >= 0 && failRate <= 1)) {
    throw new RangeError(`failRate must be a number from 0 to 1, got ${String(failRate)}`);
  }
  return drills;
}

/**
 * Wraps a route with the drills: waits the delay (timers are fine here: this is the serving layer, not the core), then
 * answers a JSON 500 for a `failRate` share of requests, drawn from `random` (not the records' source, so that seeded
 * record sequences stay the same), and otherwise lets the route answer.
 */
export function withDrills<C>(
  handler: (request: Request, context: C) => Promise<Response>,
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
    if (failRate > 0 && random.next() < failRate) return responses.error(500, 'internal_error', INTERNAL_ERROR_MESSAGE);
    return handler(request, context);
  };
}
