import { consumeQuota, isQuotaStateExpired, MINUTE_WINDOW_MS, type QuotaDecision, type QuotaLimits, type QuotaState } from './quota.js';
import { withUsage, type QuotaUsage } from './quota-usage.js';

/**
 * Where quota counters live. The memory store serves one process (and every MSW handler set); the Redis store
 * (`siret-mock/node`) lets several server processes share one quota. `consume` is atomic per caller: it checks both
 * windows and counts the request in one step.
 */
export interface QuotaStore {
  /**
   * Admits or refuses one request of `key`. `now` is the caller's clock in epoch milliseconds; a shared store may use its
   * own clock instead so that processes agree on window boundaries. Rejects with `QuotaStoreUnavailableError` when the
   * store cannot be reached.
   */
  consume(key: string, limits: QuotaLimits, now: number): QuotaDecision | Promise<QuotaDecision>;
  /** Forgets every caller (and any usage set with `setUsage`). */
  reset(): void | Promise<void>;
  /**
   * Sets the requests already counted in every caller's windows (`withUsage` rules: an omitted count keeps its value).
   * With `now`, from that instant, for known callers and callers not seen yet alike. Without it, only callers not seen
   * yet are concerned: each starts with these counts at its first request. Stores that cannot do it leave it out.
   */
  setUsage?(usage: Partial<QuotaUsage>, now?: number): void | Promise<void>;
  /** Releases connections; the store is not used afterwards. */
  close?(): void | Promise<void>;
  /** True when several processes share the counters (Redis): a process-local control (clock, usage) cannot hold for all. */
  readonly shared?: boolean;
}

/** Thrown (or rejected) by a store that cannot be reached; the handler answers 503 `quota_store_unavailable`. */
export class QuotaStoreUnavailableError extends Error {
  override readonly name = 'QuotaStoreUnavailableError';
}

/** The in-memory quota store, with its size exposed for tests and benchmarks. */
export interface MemoryQuotaStore extends QuotaStore {
  consume(key: string, limits: QuotaLimits, now: number): QuotaDecision;
  setUsage(usage: Partial<QuotaUsage>, now?: number): void;
  reset(): void;
  /** Number of callers currently held. */
  readonly size: number;
  /** Drops callers whose minute window and UTC day have both ended at `now`. Runs by itself about once a minute. */
  sweep(now: number): void;
}

/**
 * One text value kept outside the process, such as a browser's `sessionStorage` or `localStorage` item: a memory store
 * keeps a copy of its counters there, read before and written after every change, so that they outlive it.
 */
export interface TextStorage {
  read(): string | null;
  write(text: string): void;
}

/** Options of `createMemoryQuotaStore`. */
export interface MemoryQuotaStoreOptions {
  /** Keeps the counters in this storage too, re-read when another writer changed it. @default undefined (memory only) */
  storage?: TextStorage;
}

/** What callers not seen yet start with: counts applied at their first request, or a state fixed at a given instant. */
type Baseline = { usage: Partial<QuotaUsage> } | { state: QuotaState } | undefined;

interface Snapshot {
  states: Record<string, QuotaState>;
  baseline?: Baseline;
}

const baselineAt = (baseline: Baseline, now: number): QuotaState | undefined =>
  baseline === undefined ? undefined : 'state' in baseline ? baseline.state : withUsage(undefined, baseline.usage, now);

/**
 * Creates an in-memory quota store. Memory grows with the callers active today, not with every caller ever seen: callers
 * whose windows have ended are swept out about once a minute of (injected) clock time. No timers: sweeping happens inside
 * `consume`, so the store is deterministic under a fake clock. With `storage`, the counters are also kept there.
 */
export function createMemoryQuotaStore(options: MemoryQuotaStoreOptions = {}): MemoryQuotaStore {
  let storage = options.storage;
  let states = new Map<string, QuotaState>();
  let baseline: Baseline;
  let lastSweep = -Infinity;
  let lastText: string | null = null;
  // Another writer (a second tab, a reloaded page) may have changed the copy: take it when its text differs from ours.
  const load = (): void => {
    if (storage === undefined) return;
    const text = storage.read();
    if (text === lastText) return;
    lastText = text;
    const snapshot = parseSnapshot(text);
    states = new Map(Object.entries(snapshot?.states ?? {}));
    baseline = snapshot?.baseline;
  };
  const save = (): void => {
    if (storage === undefined) return;
    const snapshot: Snapshot = { states: Object.fromEntries(states), ...(baseline ? { baseline } : {}) };
    lastText = JSON.stringify(snapshot);
    // A full or refused storage (private browsing) leaves the counters in memory from then on: the page keeps working.
    try {
      storage.write(lastText);
    } catch {
      storage = undefined;
    }
  };
  const sweep = (now: number): void => {
    lastSweep = now;
    for (const [key, state] of states) if (isQuotaStateExpired(state, now)) states.delete(key);
    if (baseline !== undefined && 'state' in baseline && isQuotaStateExpired(baseline.state, now)) baseline = undefined;
  };
  return {
    get size() {
      load();
      return states.size;
    },
    sweep(now) {
      load();
      sweep(now);
      save();
    },
    consume(key, limits, now) {
      load();
      if (now - lastSweep >= MINUTE_WINDOW_MS || now < lastSweep) sweep(now);
      const { state, decision } = consumeQuota(states.get(key) ?? baselineAt(baseline, now), now, limits);
      if (state) states.set(key, state);
      save();
      return decision;
    },
    setUsage(usage, now) {
      load();
      if (now === undefined) baseline = { usage: { ...usage } };
      else {
        for (const [key, state] of states) states.set(key, withUsage(state, usage, now));
        baseline = { state: withUsage(baselineAt(baseline, now), usage, now) };
      }
      save();
    },
    reset() {
      states = new Map();
      baseline = undefined;
      lastSweep = -Infinity;
      save();
    },
  };
}

const isState = (value: unknown): value is QuotaState =>
  typeof value === 'object' &&
  value !== null &&
  ['minuteStart', 'minuteCount', 'day', 'dayCount'].every((field) => Number.isFinite((value as Record<string, unknown>)[field]));

/** A stored snapshot, with whatever is not a well-formed state left out (then those callers start afresh). */
function parseSnapshot(text: string | null): Snapshot | undefined {
  if (text === null) return undefined;
  let value: { states?: unknown; baseline?: { usage?: unknown; state?: unknown } } | null;
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const states = Object.entries(typeof value.states === 'object' && value.states !== null ? value.states : {}).filter(
    (entry): entry is [string, QuotaState] => isState(entry[1]),
  );
  const stored = value.baseline;
  const usage = stored?.usage as Partial<QuotaUsage> | undefined;
  const baseline: Baseline = isState(stored?.state)
    ? { state: stored.state }
    : typeof usage === 'object' && usage !== null && [usage.minute, usage.day].every((n) => n === undefined || Number.isInteger(n))
      ? {
          usage: {
            ...(usage.minute === undefined ? {} : { minute: usage.minute }),
            ...(usage.day === undefined ? {} : { day: usage.day }),
          },
        }
      : undefined;
  return { states: Object.fromEntries(states), ...(baseline ? { baseline } : {}) };
}
