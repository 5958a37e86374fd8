import type { QuotaUsage, QuotaWindow } from 'siret-mock/msw';

/** The scenarios the picker offers (`scenarios` of siret-mock/msw), each named as the page and the copied test name it. */
export const SCENARIO_NAMES = ['rate-limit-minute', 'rate-limit-day', 'server-error', 'network-error', 'slow'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** Where the page keeps the mock's quota: this page load only, the tab (`sessionStorage`) or every tab (`localStorage`). */
export type PersistMode = 'memory' | 'session' | 'local';

/** One thing that happened to the mock in this page, at `at` (epoch ms of the mock's clock). */
export type SessionEvent =
  | {
      kind: 'request';
      at: number;
      /** Relative to the mock's base URL: `api/v1/generate?quantity=5`. */
      path: string;
      accept: string;
      /** The Bearer token sent, if any. */
      token?: string;
      /** The status, or `null` when fetch rejected (the network-error scenario). */
      status: number | null;
      retryAfter?: string;
      /** Answered by the mock's fetch handler (not by a scenario in front of it): what `siret.audit()` sees. */
      audited: boolean;
      /** The first record's SIRET of a 200 to a request with `seed`: the same in any replay. */
      siret?: string;
    }
  | { kind: 'advance'; at: number; ms: number }
  | { kind: 'usage'; at: number; usage: Partial<QuotaUsage> }
  | { kind: 'exhaust'; at: number; window: QuotaWindow }
  | { kind: 'reset'; at: number }
  | { kind: 'scenario'; at: number; name: ScenarioName | null };

/** A quota, clock or scenario action of the page, before its time is known. */
export type SessionAction =
  Exclude<SessionEvent, { kind: 'request' }> extends infer E ? (E extends { at: number } ? Omit<E, 'at'> : never) : never;

/** The session: what the mock was made with, and its events in order. */
export interface Session {
  /** The Bearer token the mock serves as lifetime. */
  pass: string;
  events: SessionEvent[];
}

/** The requests and actions of the page's mock, kept where its quota is kept (so a reload keeps both, or neither). */
export interface SessionLog {
  read(): Session;
  append(event: SessionEvent): void;
  clear(): void;
}

const KEY = 'siret-mock-demo:session';

/** The session log of the page's mock, in memory or in the same web storage as its quota. */
export function createSessionLog(mode: PersistMode, pass: string): SessionLog {
  const storage = mode === 'session' ? sessionStorage : mode === 'local' ? localStorage : undefined;
  let memory: Session = { pass, events: [] };
  const read = (): Session => {
    if (storage === undefined) return memory;
    try {
      const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as Session | null;
      if (stored && Array.isArray(stored.events) && typeof stored.pass === 'string') return stored;
    } catch {
      // Not ours, or damaged: a new session.
    }
    return { pass, events: [] };
  };
  const write = (session: Session): void => {
    memory = session;
    storage?.setItem(KEY, JSON.stringify(session));
  };
  // A session kept from an earlier page load was recorded against a mock with its pass; a new mock takes the page's.
  if (read().pass !== pass) write({ pass, events: [] });
  return {
    read,
    append(event) {
      const session = read();
      write({ ...session, events: [...session.events, event] });
    },
    clear() {
      write({ pass, events: [] });
    },
  };
}
