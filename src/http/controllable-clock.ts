import type { Clock } from '../core/clock.js';
import type { TextStorage } from '../core/quota-store.js';
import { systemClock } from './system-clock.js';

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
 * Wraps a clock (real time by default) with an offset that `advance` and `set` move. With `storage`, the offset is kept
 * there (and read from there: another tab sharing it moves this clock too).
 * @example const clock = createControllableClock(); clock.advance(61_000);
 */
export function createControllableClock(base: Clock = systemClock, storage?: TextStorage): ControllableClock {
  let ownOffset = 0;
  // With storage, the offset is the stored one (another tab may move it); a value that is not a number counts as 0.
  const read = (): number => {
    if (storage === undefined) return ownOffset;
    const stored = Number(storage.read() ?? 0);
    return Number.isFinite(stored) ? stored : 0;
  };
  const write = (value: number): void => {
    ownOffset = value;
    try {
      storage?.write(String(value));
    } catch {
      storage = undefined;
    }
  };
  const finite = (name: string, value: number): number => {
    if (!Number.isFinite(value)) throw new RangeError(`clock.${name} needs a finite number of milliseconds, got ${value}`);
    return value;
  };
  return {
    now: () => base.now() + read(),
    advance(ms) {
      write(read() + finite('advance', ms));
    },
    set(epochMs) {
      write(finite('set', epochMs) - base.now());
    },
    reset() {
      write(0);
    },
  };
}
