// Run as `node --expose-gc --import tsx test/stress/support/memory-store-probe.ts <callers>`: fills a memory quota store
// with that many distinct callers, then moves the clock past their windows, and prints the heap figures as one JSON line.
// A process of its own, so that the test runner's heap does not blur the figures.
import { createMemoryQuotaStore, DEFAULT_QUOTA_LIMITS } from '../../../src/core/quota/index.js';

const callers = Number(process.argv[2] ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const heap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
// Keys shaped like the server's (IPv4 addresses), built as requests arrive: the store keeps them, so they count.
const key = (i: number): string => `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
const T0 = Date.UTC(2026, 10, 22, 12);

const store = createMemoryQuotaStore();
store.consume('warm-up', DEFAULT_QUOTA_LIMITS, T0);
const baseline = heap();
for (let i = 0; i < callers; i++) store.consume(key(i), DEFAULT_QUOTA_LIMITS, T0 + (i % 1_000));
const full = heap();
const sizeFull = store.size;
// A minute later the day is not over: nobody may be forgotten yet (their day counts still matter).
store.consume('minute-later', DEFAULT_QUOTA_LIMITS, T0 + 61_000);
const sizeMinuteLater = store.size;
// The next UTC day, past every minute window: the next request sweeps everyone whose windows have ended.
store.consume('next-day', DEFAULT_QUOTA_LIMITS, T0 + 86_400_000 + 61_000);
const after = heap();
console.log(JSON.stringify({ callers, baseline, full, after, sizeFull, sizeMinuteLater, sizeAfter: store.size }));
