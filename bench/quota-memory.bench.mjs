// Memory of the in-memory quota store: 1,000,000 distinct callers, bytes per caller, and whether memory falls back near the
// baseline once their windows have ended (the store sweeps them; a long-running staging server must not grow forever).
// Run with --expose-gc (bench/run.mjs does). Needs `npm run build`.
import { createMemoryQuotaStore, DEFAULT_QUOTA_LIMITS } from '../dist/src/index.js';

const CALLERS = 1_000_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
// Caller keys shaped like the server's (IPv4 addresses), made as requests arrive: the store keeps them, so they count.
const key = (i) => `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;

const store = createMemoryQuotaStore();
const baseline = heap();
for (let i = 0; i < CALLERS; i++) store.consume(key(i), DEFAULT_QUOTA_LIMITS, T0 + (i % 1000));
const full = heap();
const perCaller = (full - baseline) / CALLERS;
// Next UTC day, past every minute window: the next request sweeps everyone who has nothing left to count.
store.consume('one-new-caller', DEFAULT_QUOTA_LIMITS, T0 + 86_400_000 + 61_000);
const after = heap();
if (store.size !== 1) throw new Error(`expected 1 caller after the sweep, got ${store.size}`);
const mb = (b) => (b / 2 ** 20).toFixed(1);
console.log(
  'BENCH ' +
    JSON.stringify({
      metric: 'memory store: bytes per active caller (1M callers)',
      ratio: perCaller,
      unit: 'B',
      target: '<= 250',
      met: perCaller <= 250,
      detail: `heap ${mb(baseline)} MB -> ${mb(full)} MB with ${CALLERS.toLocaleString('en')} callers`,
    }),
);
const retained = after / baseline;
console.log(
  'BENCH ' +
    JSON.stringify({
      metric: 'memory store: heap after windows end vs baseline',
      ratio: retained,
      target: '<= 1.10',
      met: retained <= 1.1,
      detail: `${mb(after)} MB vs ${mb(baseline)} MB baseline; ${store.size} caller left`,
    }),
);
