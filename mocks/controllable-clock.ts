import type { Clock } from '../src/core/clock.js';
import { systemClock } from '../src/http/system-clock.js';

/** A clock a test can move: real time (or the given clock) plus an offset. */
export interface ControllableClock extends Clock {
  /** Moves time forward (or back, with a negative number) by `ms` milliseconds. @example clock.advance(61_000) */
  advance(ms: number): void;
  /** Makes `now()` return `epochMs` at this instant; time keeps flowing from there. @example clock.set(Date.UTC(2026, 10, 22)) */
  set(epochMs: number): void;
  /** Removes the offset: back to the underlying clock. */
  reset(): void;
}

/**
 * Wraps a clock (real time by default) with an offset that `advance` and `set` move.
 * @example const clock = createControllableClock(); clock.advance(61_000);
 */
export function createControllableClock(base: Clock = systemClock): ControllableClock {
  let offset = 0;
  const finite = (name: string, value: number): number => {
    if (!Number.isFinite(value)) throw new RangeError(`clock.${name} needs a finite number of milliseconds, got ${value}`);
    return value;
  };
  return {
    now: () => base.now() + offset,
    advance(ms) {
      offset += finite('advance', ms);
    },
    set(epochMs) {
      offset = finite('set', epochMs) - base.now();
    },
    reset() {
      offset = 0;
    },
  };
}
