import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryQuotaStore, DAY_MS, type QuotaStore } from '../src/core/quota/index.js';
import { createApp } from '../src/http/index.js';
import { createSiretServer, type SiretServer } from '../src/node/server/index.js';
import { fuzzParameters, scaled } from './fuzz/fuzz-scale.js';

// Exactly 10 a minute and 100 a day, however the requests arrive: concurrent bursts from one caller are admitted exactly
// up to the limit, never one more (a check-then-increment race would admit more) and never one fewer.

const CONCURRENT = scaled(1_000, 10_000);
const GENERATE = 'http://localhost/api/v1/generate?quantity=1';

/** Statuses and the `rate_limit_remaining_minute` of every 200. */
async function tally(responses: Response[]): Promise<{ admitted: number; refused: number; other: number; remaining: number[] }> {
  const remaining: number[] = [];
  let refused = 0;
  let other = 0;
  for (const response of responses) {
    if (response.status === 200)
      remaining.push(((await response.json()) as { meta: { rate_limit_remaining_minute: number } }).meta.rate_limit_remaining_minute);
    else {
      if (response.status === 429) refused++;
      else other++;
      await response.body?.cancel();
    }
  }
  return { admitted: remaining.length, refused, other, remaining: remaining.sort((a, b) => a - b) };
}

/** The memory store behind a consume that resolves after a few event-loop turns: requests interleave inside the store call. */
function slowStore(): QuotaStore {
  const store = createMemoryQuotaStore();
  let turn = 0;
  return {
    async consume(key, limits, now) {
      const waits = turn++ % 4;
      for (let i = 0; i < waits; i++) await new Promise((resolve) => setImmediate(resolve));
      return store.consume(key, limits, now);
    },
    reset: () => store.reset(),
  };
}

describe(`${CONCURRENT} concurrent requests from one caller`, () => {
  it('admit exactly 10 through createApp with the memory store, each remaining count from 9 to 0 once', async () => {
    const app = createApp({ clock: { now: () => Date.UTC(2026, 10, 22, 12) } });
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () => app.fetch(new Request(GENERATE), { caller: '203.0.113.7' })),
    );
    const result = await tally(responses);
    expect(result).toEqual({ admitted: 10, refused: CONCURRENT - 10, other: 0, remaining: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
  });

  it('admit exactly 10 when the store answers asynchronously and the calls interleave', async () => {
    const app = createApp({ store: slowStore(), clock: { now: () => Date.UTC(2026, 10, 22, 12) } });
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () => app.fetch(new Request(GENERATE), { caller: '203.0.113.7' })),
    );
    expect(await tally(responses)).toEqual({ admitted: 10, refused: CONCURRENT - 10, other: 0, remaining: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
  });

  describe('through the real server over TCP', () => {
    let server: SiretServer | undefined;
    afterAll(() => server?.close());

    it(
      'admit exactly 10 (memory store, every request from 127.0.0.1)',
      async () => {
        // fetch opens a connection per concurrent request, all from 127.0.0.1: above the default per-client cap.
        server = createSiretServer({ demoDir: false, log: () => undefined, node: { maxConnectionsPerClient: CONCURRENT } });
        const origin = await server.listen(0, '127.0.0.1');
        const url = new URL('/api/v1/generate?quantity=1', origin);
        const responses = await Promise.all(Array.from({ length: CONCURRENT }, () => fetch(url)));
        expect(await tally(responses)).toEqual({
          admitted: 10,
          refused: CONCURRENT - 10,
          other: 0,
          remaining: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        });
      },
      scaled(60_000, 1_200_000),
    );
  });
});

describe('a simulated UTC day (controllable clock)', () => {
  const DAY = Date.UTC(2026, 10, 22);

  it('admits exactly 100 of 1,000 requests that arrive in concurrent bursts at random instants of the day, at most 10 per window', async () => {
    const burstsArb = fc
      .tuple(
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(fc.integer({ min: 0, max: 86_399 }), { minLength: 20, maxLength: 90 }),
        fc.array(fc.nat(), { minLength: 1_000, maxLength: 1_000 }),
      )
      .map(([day, seconds, picks]) => {
        const instants = [...new Set(seconds)].sort((a, b) => a - b);
        const bursts = new Map<number, number>();
        for (const pick of picks) {
          const second = instants[pick % instants.length] as number;
          bursts.set(second, (bursts.get(second) ?? 0) + 1);
        }
        return { start: day * DAY_MS, bursts: [...bursts].sort(([a], [b]) => a - b) };
      });
    await fc.assert(
      fc.asyncProperty(burstsArb, async ({ start, bursts }) => {
        // Enough demand for the day limit to bind: ten bursts of ten or more, each a minute or more after the last.
        let spaced = 0;
        let last = -Infinity;
        for (const [second, size] of bursts) {
          if (size >= 10 && second - last >= 60) {
            spaced++;
            last = second;
          }
        }
        fc.pre(spaced >= 10);

        let now = start;
        const app = createApp({ clock: { now: () => now } });
        let admitted = 0;
        for (const [second, size] of bursts) {
          now = start + second * 1000;
          const result = await tally(await Promise.all(Array.from({ length: size }, () => app.fetch(new Request(GENERATE)))));
          expect(result.other).toBe(0);
          expect(result.admitted).toBeLessThanOrEqual(10);
          admitted += result.admitted;
        }
        expect(admitted).toBe(100);

        // The last millisecond of the day is still refused; the next UTC day starts afresh (a minute after midnight, so that
        // a minute window opened at 23:59 cannot be what refuses it).
        now = start + DAY_MS - 1;
        expect((await app.fetch(new Request(GENERATE))).status).toBe(429);
        now = start + DAY_MS + 60_000;
        const next = await app.fetch(new Request(GENERATE));
        expect(next.status).toBe(200);
        expect(((await next.json()) as { meta: { rate_limit_remaining_day: number } }).meta.rate_limit_remaining_day).toBe(99);
      }),
      fuzzParameters(scaled(20, 200)),
    );
  });

  it('admits exactly 100 over a day of one request every 10 seconds, and 100 again the next day', async () => {
    let now = DAY;
    const app = createApp({ clock: { now: () => now } });
    const admittedPerDay: number[] = [];
    for (let day = 0; day < 2; day++) {
      let admitted = 0;
      for (let second = 0; second < 86_400; second += 10) {
        now = DAY + day * DAY_MS + second * 1000;
        const response = await app.fetch(new Request(GENERATE));
        if (response.status === 200) admitted++;
        else expect(response.status).toBe(429);
        await response.body?.cancel();
      }
      admittedPerDay.push(admitted);
    }
    expect(admittedPerDay).toEqual([100, 100]);
  });
});
