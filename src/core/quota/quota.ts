/** Request allowances per caller. */
export interface QuotaLimits {
  /** Requests per fixed 60-second window, opened by the caller's first counted request. @default 10 */
  perMinute: number;
  /** Requests per UTC calendar day. @default 100 */
  perDay: number;
}

/** One caller's counters. Plain numbers so that a store can keep or ship them as they are. */
export interface QuotaState {
  /** Epoch milliseconds at which the current minute window opened. */
  minuteStart: number;
  minuteCount: number;
  /** UTC day number (epoch milliseconds / 86,400,000, floored) the day count belongs to. */
  day: number;
  dayCount: number;
}

/** The answer to one admission. */
export interface QuotaDecision {
  allowed: boolean;
  /** Which limit refused the request: `day` when both are exhausted. `null` when allowed. */
  exceeded: 'minute' | 'day' | null;
  /** Requests left in the minute window after this one, never below 0. */
  remainingMinute: number;
  /** Requests left today after this one, never below 0. */
  remainingDay: number;
  /** Whole seconds until the minute window resets (60 when no window is open). */
  resetMinute: number;
  /** Whole seconds until 00:00 UTC. */
  resetDay: number;
  /** Whole seconds >= 1 before a retry can succeed; 0 when allowed. */
  retryAfter: number;
}

/** Length of the minute window in milliseconds. */
export const MINUTE_WINDOW_MS = 60_000;
/** Length of a UTC day in milliseconds. */
export const DAY_MS = 86_400_000;

/** The free tier's limits from the service specification. */
export const DEFAULT_QUOTA_LIMITS: QuotaLimits = Object.freeze({ perMinute: 10, perDay: 100 });

const ceilSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** Whole seconds (at least 1) from `now` until the next 00:00 UTC, when the day window resets. */
export function secondsToUtcMidnight(now: number): number {
  return ceilSeconds((Math.floor(now / DAY_MS) + 1) * DAY_MS - now);
}

/** True when the minute window of `state` is still open at `now`. */
function isMinuteWindowOpen(state: QuotaState | undefined, now: number): state is QuotaState {
  return state !== undefined && now < state.minuteStart + MINUTE_WINDOW_MS && now >= state.minuteStart;
}

/** True when a state holds nothing that still matters at `now` (both windows have ended), so a store may drop it. */
export function isQuotaStateExpired(state: QuotaState, now: number): boolean {
  const minuteOver = now >= state.minuteStart + MINUTE_WINDOW_MS || now < state.minuteStart;
  return minuteOver && state.day !== Math.floor(now / DAY_MS);
}

/**
 * Admits or refuses one request: a pure function of the caller's state, the time and the limits. Both windows are checked
 * and, when admitted, both counted in the same step; a refused request is not counted.
 * @example const { state, decision } = consumeQuota(undefined, Date.UTC(2026, 10, 22), DEFAULT_QUOTA_LIMITS)
 */
export function consumeQuota(
  previous: QuotaState | undefined,
  now: number,
  limits: QuotaLimits,
): { state: QuotaState | undefined; decision: QuotaDecision } {
  const today = Math.floor(now / DAY_MS);
  const minuteOpen = isMinuteWindowOpen(previous, now);
  const minuteCount = minuteOpen ? previous.minuteCount : 0;
  const dayCount = previous !== undefined && previous.day === today ? previous.dayCount : 0;
  const resetDay = secondsToUtcMidnight(now);
  const minuteResetMs = minuteOpen ? previous.minuteStart + MINUTE_WINDOW_MS - now : MINUTE_WINDOW_MS;

  const minuteFull = minuteCount >= limits.perMinute;
  const dayFull = dayCount >= limits.perDay;
  if (minuteFull || dayFull) {
    const resetMinute = ceilSeconds(minuteResetMs);
    return {
      state: previous,
      decision: {
        allowed: false,
        exceeded: dayFull ? 'day' : 'minute',
        remainingMinute: Math.max(0, limits.perMinute - minuteCount),
        remainingDay: Math.max(0, limits.perDay - dayCount),
        resetMinute,
        resetDay,
        retryAfter: dayFull ? resetDay : resetMinute,
      },
    };
  }

  const state: QuotaState = {
    minuteStart: minuteOpen ? previous.minuteStart : now,
    minuteCount: minuteCount + 1,
    day: today,
    dayCount: dayCount + 1,
  };
  return {
    state,
    decision: {
      allowed: true,
      exceeded: null,
      remainingMinute: Math.max(0, limits.perMinute - state.minuteCount),
      remainingDay: Math.max(0, limits.perDay - state.dayCount),
      resetMinute: ceilSeconds(state.minuteStart + MINUTE_WINDOW_MS - now),
      resetDay,
      retryAfter: 0,
    },
  };
}
