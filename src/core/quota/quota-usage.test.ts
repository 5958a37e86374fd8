import { describe, expect, it } from 'vitest';
import { consumeQuota, DAY_MS, type QuotaState } from './quota.js';
import { createMemoryQuotaStore, type TextStorage } from './quota-store.js';
import { checkQuotaUsage, exhaustedUsage, withUsage } from './quota-usage.js';

const limits = { perMinute: 10, perDay: 100 };
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('withUsage', () => {
  it('opens the minute window at now with the counts given, the day counting at least the minute', () => {
    expect(withUsage(undefined, { minute: 7 }, T0)).toEqual({ minuteStart: T0, minuteCount: 7, day: Math.floor(T0 / DAY_MS), dayCount: 7 });
    expect(withUsage(undefined, { minute: 7, day: 93 }, T0)).toMatchObject({ minuteCount: 7, dayCount: 93 });
    expect(consumeQuota(withUsage(undefined, { minute: 7, day: 93 }, T0), T0, limits).decision).toMatchObject({
      allowed: true,
      remainingMinute: 2,
      remainingDay: 6,
    });
  });

  it('keeps an open window, so the reset time of a used-up minute is the real one', () => {
    const { state } = consumeQuota(undefined, T0, limits);
    const full = withUsage(state, { minute: 10 }, T0 + 50_000);
    expect(full).toMatchObject({ minuteStart: T0, minuteCount: 10, dayCount: 10 });
    expect(consumeQuota(full, T0 + 50_000, limits).decision).toMatchObject({ allowed: false, exceeded: 'minute', retryAfter: 10 });
  });

  it('keeps an omitted count, and lowers the minute to the day when only the day is given', () => {
    let state: QuotaState | undefined;
    for (let i = 0; i < 5; i++) ({ state } = consumeQuota(state, T0, limits));
    expect(withUsage(state, { day: 40 }, T0)).toMatchObject({ minuteCount: 5, dayCount: 40 });
    expect(withUsage(state, { day: 2 }, T0)).toMatchObject({ minuteCount: 2, dayCount: 2 });
    expect(withUsage(state, {}, T0)).toMatchObject({ minuteCount: 5, dayCount: 5 });
  });

  it('leaves no minute window open for a count of 0, so the next request opens a full one', () => {
    const state = withUsage(undefined, { minute: 0, day: 50 }, T0);
    const { decision } = consumeQuota(state, T0 + 5_000, limits);
    expect(decision).toMatchObject({ allowed: true, remainingMinute: 9, remainingDay: 49, resetMinute: 60 });
  });

  it('starts the day count afresh on a new UTC day', () => {
    const { state } = consumeQuota(undefined, T0, limits);
    expect(withUsage(state, { minute: 3 }, T0 + DAY_MS)).toMatchObject({ minuteCount: 3, dayCount: 3, day: Math.floor(T0 / DAY_MS) + 1 });
  });
});

describe('checkQuotaUsage', () => {
  it('accepts any state a real caller can be in, the limits included', () => {
    expect(checkQuotaUsage({ minute: 10, day: 100 }, limits)).toEqual({ minute: 10, day: 100 });
    expect(checkQuotaUsage({}, limits)).toEqual({});
  });

  it.each([
    [{ minute: 11 }, 'usage.minute must be a whole number from 0 to 10 (limits.perMinute), got 11'],
    [{ day: -1 }, 'usage.day must be a whole number from 0 to 100 (limits.perDay), got -1'],
    [{ minute: 1.5 }, 'usage.minute must be a whole number from 0 to 10 (limits.perMinute), got 1.5'],
    [{ minute: 8, day: 3 }, 'usage.day must be at least usage.minute'],
    [{ hour: 3 }, 'usage takes minute and day, got hour'],
  ])('refuses %j with a message naming the field', (usage, message) => {
    expect(() => checkQuotaUsage(usage as never, limits)).toThrow(message);
  });

  it('names the window exhaust fills, and refuses any other', () => {
    expect(exhaustedUsage('minute', limits)).toEqual({ minute: 10 });
    expect(exhaustedUsage('day', limits)).toEqual({ day: 100 });
    expect(() => exhaustedUsage('hour' as never, limits)).toThrow("exhaust takes 'minute' or 'day', got hour");
  });
});

describe('memory store usage', () => {
  it('gives callers not seen yet the usage at their first request, whenever it comes', () => {
    const store = createMemoryQuotaStore();
    store.setUsage({ minute: 7 });
    // An hour later (a story opened long after its handlers were made): still 7 counted, the window opening now.
    expect(store.consume('a', limits, T0 + 3_600_000)).toMatchObject({ remainingMinute: 2, remainingDay: 92, resetMinute: 60 });
    expect(store.consume('b', limits, T0)).toMatchObject({ remainingMinute: 2 });
  });

  it('keeps the window of a refused first request, so a retry after Retry-After succeeds', () => {
    const store = createMemoryQuotaStore();
    store.setUsage({ minute: 10 });
    const refused = store.consume('a', limits, T0);
    expect(refused).toMatchObject({ allowed: false, exceeded: 'minute', retryAfter: 60 });
    expect(store.consume('a', limits, T0 + 30_000)).toMatchObject({ allowed: false, retryAfter: 30 });
    expect(store.consume('a', limits, T0 + 60_000)).toMatchObject({ allowed: true, remainingMinute: 9 });
  });

  it('sets known callers and callers not seen yet from now when given the time', () => {
    const store = createMemoryQuotaStore();
    store.consume('a', limits, T0);
    store.setUsage({ day: 100 }, T0 + 1_000);
    expect(store.consume('a', limits, T0 + 2_000)).toMatchObject({ allowed: false, exceeded: 'day' });
    expect(store.consume('b', limits, T0 + 2_000)).toMatchObject({ allowed: false, exceeded: 'day' });
    // A used-up minute set now is over 60 s later for everyone, seen or not.
    store.setUsage({ minute: 10, day: 10 }, T0 + 10_000);
    expect(store.consume('c', limits, T0 + 69_999)).toMatchObject({ allowed: false, retryAfter: 1 });
    expect(store.consume('c', limits, T0 + 70_000)).toMatchObject({ allowed: true, remainingMinute: 9, remainingDay: 89 });
  });

  it('reset() drops the usage with the counters', () => {
    const store = createMemoryQuotaStore();
    store.setUsage({ minute: 9 });
    store.reset();
    expect(store.consume('a', limits, T0)).toMatchObject({ remainingMinute: 9 });
  });
});

describe('memory store with storage', () => {
  const storageOf = (cell: { text: string | null }): TextStorage => ({
    read: () => cell.text,
    write: (text) => {
      cell.text = text;
    },
  });

  it('lets a second store on the same storage continue the count (a reload, another tab)', () => {
    const cell = { text: null as string | null };
    const first = createMemoryQuotaStore({ storage: storageOf(cell) });
    for (let i = 0; i < 4; i++) first.consume('a', limits, T0);
    const second = createMemoryQuotaStore({ storage: storageOf(cell) });
    expect(second.consume('a', limits, T0 + 1)).toMatchObject({ remainingMinute: 5 });
    // And the first sees what the second counted.
    expect(first.consume('a', limits, T0 + 2)).toMatchObject({ remainingMinute: 4 });
  });

  it('starts afresh from text that is not a snapshot, and keeps only well-formed states', () => {
    for (const text of ['not json', 'null', '[]', '{"states":{"a":{"minuteStart":"x"}}}']) {
      const store = createMemoryQuotaStore({ storage: storageOf({ text }) });
      expect(store.consume('a', limits, T0)).toMatchObject({ allowed: true, remainingMinute: 9 });
    }
  });

  it('keeps counting in memory when the storage refuses to write', () => {
    const store = createMemoryQuotaStore({
      storage: {
        read: () => null,
        write: () => {
          throw new Error('QuotaExceededError');
        },
      },
    });
    for (let i = 0; i < 10; i++) store.consume('a', limits, T0);
    expect(store.consume('a', limits, T0).allowed).toBe(false);
  });
});
