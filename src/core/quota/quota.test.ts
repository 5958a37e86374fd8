import { describe, expect, it } from 'vitest';
import { consumeQuota, DAY_MS, type QuotaState } from './quota.js';
import { createMemoryQuotaStore } from './quota-store.js';

const limits = { perMinute: 10, perDay: 100 };
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

function run(times: number, now: number, start?: QuotaState) {
  let state = start;
  let decision;
  for (let i = 0; i < times; i++) ({ state, decision } = consumeQuota(state, now, limits));
  return { state, decision: decision! };
}

describe('consumeQuota', () => {
  it('admits 10 requests in a minute and counts both windows down', () => {
    const { decision } = run(10, T0);
    expect(decision).toMatchObject({ allowed: true, remainingMinute: 0, remainingDay: 90, resetMinute: 60 });
  });

  it('answers 429 once the caller has made 10 requests this minute, without counting the refusal', () => {
    const { state } = run(10, T0);
    const { state: after, decision } = consumeQuota(state, T0 + 15_000, limits);
    expect(decision).toMatchObject({ allowed: false, exceeded: 'minute', retryAfter: 45, remainingMinute: 0, remainingDay: 90 });
    expect(after).toEqual(state);
  });

  it('opens the minute window at the first counted request and resets it 60 s later', () => {
    const { state } = run(10, T0 + 30_000);
    expect(consumeQuota(state, T0 + 89_999, limits).decision.allowed).toBe(false);
    expect(consumeQuota(state, T0 + 90_000, limits).decision).toMatchObject({ allowed: true, remainingMinute: 9, remainingDay: 89 });
  });

  it('refuses with the day limit after 100 requests until 00:00 UTC', () => {
    let state: QuotaState | undefined;
    for (let minute = 0; minute < 10; minute++) ({ state } = run(10, T0 + minute * 61_000, state));
    const { decision } = consumeQuota(state, T0 + 11 * 61_000, limits);
    const midnight = Math.ceil(T0 / DAY_MS) * DAY_MS;
    expect(decision).toMatchObject({ allowed: false, exceeded: 'day', retryAfter: Math.ceil((midnight - (T0 + 11 * 61_000)) / 1000) });
    expect(consumeQuota(state, midnight, limits).decision).toMatchObject({ allowed: true, remainingDay: 99 });
  });

  it('reports the day limit, and the later reset, when both windows are exhausted', () => {
    let state: QuotaState | undefined;
    for (let minute = 0; minute < 9; minute++) ({ state } = run(10, T0 + minute * 61_000, state));
    ({ state } = run(10, T0 + 9 * 61_000, state));
    const { decision } = consumeQuota(state, T0 + 9 * 61_000 + 1_000, limits);
    expect(decision.exceeded).toBe('day');
    expect(decision.retryAfter).toBe(decision.resetDay);
    expect(decision.retryAfter).toBeGreaterThan(decision.resetMinute);
  });

  it('keeps a minute window that straddles midnight while the day count restarts', () => {
    const beforeMidnight = Date.UTC(2026, 10, 22, 23, 59, 50);
    const { state } = run(10, beforeMidnight);
    const { decision } = consumeQuota(state, beforeMidnight + 20_000, limits);
    expect(decision).toMatchObject({ allowed: false, exceeded: 'minute', remainingDay: 100, retryAfter: 40 });
  });
});

describe('memory quota store', () => {
  it('keeps callers apart', () => {
    const store = createMemoryQuotaStore();
    for (let i = 0; i < 10; i++) store.consume('a', limits, T0);
    expect(store.consume('a', limits, T0).allowed).toBe(false);
    expect(store.consume('b', limits, T0).allowed).toBe(true);
  });

  it('forgets callers once both of their windows have ended', () => {
    const store = createMemoryQuotaStore();
    for (let i = 0; i < 1000; i++) store.consume(`caller-${i}`, limits, T0);
    expect(store.size).toBe(1000);
    store.consume('late', limits, T0 + 2 * 60_000);
    expect(store.size).toBe(1001); // same day: the day counts still matter
    const nextDay = Math.ceil(T0 / DAY_MS) * DAY_MS + 1;
    store.consume('tomorrow', limits, nextDay);
    expect(store.size).toBe(1);
  });

  it('reset() forgets everyone', () => {
    const store = createMemoryQuotaStore();
    for (let i = 0; i < 10; i++) store.consume('a', limits, T0);
    store.reset();
    expect(store.consume('a', limits, T0)).toMatchObject({ allowed: true, remainingMinute: 9 });
  });
});
