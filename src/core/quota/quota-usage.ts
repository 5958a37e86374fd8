import { DAY_MS, MINUTE_WINDOW_MS, type QuotaLimits, type QuotaState } from './quota.js';

/** Requests already counted in a caller's current windows. */
export interface QuotaUsage {
  /** Requests counted in the current minute window, 0 to `limits.perMinute`. */
  minute: number;
  /** Requests counted today (UTC), 0 to `limits.perDay`. */
  day: number;
}

/** The two windows of the free tier, as `exhaust` names them. */
export type QuotaWindow = 'minute' | 'day';

/**
 * Checks a usage against the limits and throws a RangeError naming the field (`usage.minute must be a whole number from
 * 0 to 10, got 11`) when it cannot be a real caller's state. `name` prefixes the message (`usage` or `setUsage`).
 */
export function checkQuotaUsage(usage: Partial<QuotaUsage>, limits: QuotaLimits, name = 'usage'): Partial<QuotaUsage> {
  if (typeof usage !== 'object' || usage === null) throw new TypeError(`${name} must be an object like { minute: 7, day: 93 }`);
  const check = (field: keyof QuotaUsage, max: number, limit: string): void => {
    const value = usage[field];
    if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > max)) {
      throw new RangeError(`${name}.${field} must be a whole number from 0 to ${max} (${limit}), got ${String(value)}`);
    }
  };
  check('minute', limits.perMinute, 'limits.perMinute');
  check('day', limits.perDay, 'limits.perDay');
  for (const key of Object.keys(usage)) {
    if (key !== 'minute' && key !== 'day') throw new TypeError(`${name} takes minute and day, got ${key}`);
  }
  if (usage.minute !== undefined && usage.day !== undefined && usage.day < usage.minute) {
    throw new RangeError(
      `${name}.day must be at least ${name}.minute (every request of the minute counts in the day), got day ${usage.day} and minute ${usage.minute}`,
    );
  }
  return usage;
}

/** The usage of the window `exhaust(window)` fills: that window at its limit. */
export function exhaustedUsage(window: QuotaWindow, limits: QuotaLimits): Partial<QuotaUsage> {
  if (window === 'minute') return { minute: limits.perMinute };
  if (window === 'day') return { day: limits.perDay };
  throw new TypeError(`exhaust takes 'minute' or 'day', got ${String(window)}`);
}

/**
 * A caller's state at `now` once `usage` is set: the counts given replace the current ones, an omitted count keeps its
 * current value, and the day never counts fewer requests than the minute (nor the minute more than the day). A minute
 * count above 0 keeps the open window (its reset time unchanged) or opens one at `now`; a count of 0 leaves no window
 * open, so the next counted request opens it, as for a new caller.
 * @example withUsage(undefined, { minute: 6 }, now) // 6 counted this minute and today: the next request leaves 3
 */
export function withUsage(state: QuotaState | undefined, usage: Partial<QuotaUsage>, now: number): QuotaState {
  const today = Math.floor(now / DAY_MS);
  const minuteOpen = state !== undefined && now >= state.minuteStart && now < state.minuteStart + MINUTE_WINDOW_MS;
  const currentMinute = minuteOpen ? state.minuteCount : 0;
  const currentDay = state !== undefined && state.day === today ? state.dayCount : 0;
  let minute = usage.minute ?? currentMinute;
  let day = usage.day ?? Math.max(currentDay, minute);
  if (usage.minute === undefined) minute = Math.min(minute, day);
  day = Math.max(day, minute);
  const minuteStart = minute === 0 ? now - MINUTE_WINDOW_MS : minuteOpen ? state.minuteStart : now;
  return { minuteStart, minuteCount: minute, day: today, dayCount: day };
}
