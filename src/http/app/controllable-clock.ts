import type { Clock, TextStorage } from '../../core/quota/index.js';

/** The real clock: the one place the packagings read the time (core code takes a `Clock` instead). */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * The times a controllable clock may be moved to, in epoch milliseconds: from 1970-01-01T00:00:00.000Z to
 * 9999-12-31T23:59:59.999Z, the years `generated_at` and an HTTP-date `Retry-After` can show.
 */
const CLOCK_RANGE = { min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) };

const MAX_DATE_MS = 8.64e15;
const shown = (ms: number): string => (Math.abs(ms) <= MAX_DATE_MS ? new Date(ms).toISOString() : `${ms} ms from 1970-01-01`);

/** A clock a test can move: real time (or the given clock) plus an offset. */
export interface ControllableClock extends Clock {
  /**
   * Moves time forward (or back, with a negative number) by `ms` milliseconds. Throws a RangeError when the clock would
   * leave 1970-01-01 .. 9999-12-31 UTC. @example clock.advance(61_000)
   */
  advance(ms: number): void;
  /**
   * Makes `now()` return `epochMs` at this instant; time keeps flowing from there. Throws a RangeError outside
   * 1970-01-01 .. 9999-12-31 UTC. @example clock.set(Date.UTC(2026, 10, 22))
   */
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
  // Moves the offset so that the clock reads `target` now, unless `target` is outside the range the service can show.
  const moveTo = (name: string, target: number, now: number): void => {
    if (target < CLOCK_RANGE.min || target > CLOCK_RANGE.max) {
      throw new RangeError(
        `clock.${name}: the clock would read ${shown(target)}; it stays from ${shown(CLOCK_RANGE.min)} to ${shown(CLOCK_RANGE.max)}`,
      );
    }
    write(target - now);
  };
  return {
    now: storage === undefined ? () => base.now() + ownOffset : () => base.now() + read(),
    advance(ms) {
      const now = base.now();
      moveTo('advance', now + read() + finite('advance', ms), now);
    },
    set(epochMs) {
      moveTo('set', finite('set', epochMs), base.now());
    },
    reset() {
      write(0);
    },
  };
}
