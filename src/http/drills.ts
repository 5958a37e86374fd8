import type { RandomSource } from '../core/random/index.js';
import { INTERNAL_ERROR, type Responses } from './responses.js';

/** Latency and failure drills of a server: every answer of a route delayed, and a share of them a JSON 500. */
export interface Drills {
  /** Milliseconds before each answer: a fixed delay, or `[min, max]` drawn evenly for each request. */
  delay?: number | readonly [number, number];
  /** Share of answers replaced by a JSON 500 `internal_error`, 0 to 1. */
  failRate?: number;
}

/** The longest wait a drill or a `slow` scenario may add to an answer, in milliseconds (ten minutes). */
export const MAX_DELAY_MS = 600_000;

/** True for whole milliseconds from 0 to `MAX_DELAY_MS`. */
export const isDelay = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_DELAY_MS;

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
