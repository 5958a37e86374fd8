import { createMemoryQuotaStore, type Clock, type QuotaStore, type TextStorage } from '../src/core/quota/index.js';
import { createControllableClock, type ControllableClock } from '../src/http/index.js';

/** The quota store and clock of a handler set with `persist`. */
interface PersistedQuota {
  clock: ControllableClock;
  store: QuotaStore;
}

/** Runs `step`, which reads and writes the stored texts, with no other tab in between; resolves with what it returns. */
type Turn = <T>(step: () => T) => Promise<T>;

/** The two texts a handler set keeps, and the turn that reads and writes them. */
interface StoredTexts {
  quota: TextStorage;
  clock: TextStorage;
  turn: Turn;
}

/**
 * Creates the quota store and the clock that `persist` keeps under `key`. Each quota step (count, set usage, reset) takes
 * a turn and reads the clock inside it, so that a count, the clock offset and the instant belong together: no request
 * counts with an instant older than one already counted, or with a clock another tab has since moved.
 */
export function createPersistedQuota(persist: 'session' | 'local', key: string, base?: Clock): PersistedQuota {
  const texts = persist === 'local' && typeof indexedDB !== 'undefined' ? indexedDbTexts(key) : webStorageTexts(persist, key);
  const { turn } = texts;
  const clock = createControllableClock(base, texts.clock);
  const memory = createMemoryQuotaStore({ storage: texts.quota });
  return {
    clock,
    store: {
      consume: (caller, limits) => turn(() => memory.consume(caller, limits, clock.now())),
      setUsage: (usage, now) => turn(() => memory.setUsage(usage, now === undefined ? undefined : clock.now())),
      reset: () => turn(() => memory.reset()),
    },
  };
}

/**
 * The texts as the items `<key>:quota` and `<key>:clock` of `sessionStorage` or `localStorage`. A step runs at once, with
 * no turn to take: a tab's sessionStorage has no other writer, and localStorage (where IndexedDB is missing, as in jsdom)
 * offers none between tabs.
 */
function webStorageTexts(persist: 'session' | 'local', key: string): StoredTexts {
  const storage = webStorage(persist);
  const item = (name: string): TextStorage => ({
    read: () => storage.getItem(`${key}:${name}`),
    write: (text) => storage.setItem(`${key}:${name}`, text),
  });
  return { quota: item('quota'), clock: item('clock'), turn: async (step) => step() };
}

/** The browser's session or local storage, or a TypeError saying where `persist` works. */
function webStorage(persist: 'session' | 'local'): Storage {
  const name = persist === 'session' ? 'sessionStorage' : persist === 'local' ? 'localStorage' : undefined;
  if (name === undefined) throw new TypeError(`persist must be 'session' or 'local', got ${String(persist)}`);
  let storage: Storage | undefined;
  try {
    storage = (globalThis as Partial<Record<typeof name, Storage>>)[name];
  } catch {
    // Some browsers throw on access when storage is disabled.
  }
  if (storage === undefined || typeof storage.getItem !== 'function') {
    throw new TypeError(`persist: '${persist}' needs ${name} (a browser page, or jsdom); leave it out in Node tests`);
  }
  return storage;
}

const NAMES = ['quota', 'clock'] as const;
type Name = (typeof NAMES)[number];

/**
 * The texts as one record `{ quota, clock }` under `key` in the IndexedDB database `siret-mock` (object store `state`),
 * with this tab's copy in memory. A turn is one readwrite transaction: the browser runs them one at a time across the
 * tabs of the origin, each reading what the one before wrote (another tab's copy of localStorage lags, even under a Web
 * Lock, so it cannot promise that). A text written outside a turn (the clock moved) is read from then on in this tab,
 * and stored by a turn of its own, so that the steps asked for before it still see the text before it.
 */
function indexedDbTexts(key: string): StoredTexts {
  const copy: Record<Name, string | null> = { quota: null, clock: null };
  // Written outside a turn, and not yet stored by the turn that takes it there.
  const pending = new Map<Name, string>();
  let inStep = false;
  let database: Promise<IDBDatabase | undefined> | undefined;
  const open = (): Promise<IDBDatabase | undefined> =>
    (database ??= new Promise((resolve) => {
      try {
        const request = indexedDB.open('siret-mock', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('state');
        request.onsuccess = () => {
          // A later version of the database waits for this connection to close: let it.
          request.result.onversionchange = () => request.result.close();
          resolve(request.result);
        };
        request.onerror = () => resolve(undefined);
      } catch {
        resolve(undefined);
      }
    }));
  const run = <T>(step: () => T): T => {
    inStep = true;
    try {
      return step();
    } finally {
      inStep = false;
    }
  };
  // This turn's transaction, or none once the browser refuses the database: the copy then goes on alone.
  const begin = async (): Promise<IDBTransaction | undefined> => {
    const db = await open();
    try {
      return db?.transaction('state', 'readwrite');
    } catch {
      database = Promise.resolve(undefined);
      return undefined;
    }
  };
  const turn = async <T>(step: () => T): Promise<T> => {
    const transaction = await begin();
    if (transaction === undefined) return run(step);
    return new Promise<T>((resolve, reject) => {
      let done: { value: T } | undefined;
      const records = transaction.objectStore('state');
      const read = records.get(key);
      read.onsuccess = () => {
        const stored = read.result as Partial<Record<Name, unknown>> | undefined;
        for (const name of NAMES) {
          const text = stored?.[name];
          copy[name] = typeof text === 'string' ? text : null;
        }
        done = { value: run(step) };
        records.put({ ...copy }, key);
      };
      transaction.oncomplete = () => resolve((done as { value: T }).value);
      // A refused read or write (a full disk, storage turned off): this step and the next ones on the copy alone.
      transaction.onabort = () => {
        database = Promise.resolve(undefined);
        try {
          resolve(done ? done.value : run(step));
        } catch (error) {
          reject(error);
        }
      };
    });
  };
  const item = (name: Name): TextStorage => ({
    read: () => (inStep ? copy[name] : (pending.get(name) ?? copy[name])),
    write(text) {
      if (inStep) {
        copy[name] = text;
        return;
      }
      pending.set(name, text);
      void turn(() => {
        copy[name] = text;
        if (pending.get(name) === text) pending.delete(name);
      });
    },
  });
  // Loads the stored texts at once, so that a reloaded page's clock reads the kept offset before its first request.
  void turn(() => undefined);
  return { quota: item('quota'), clock: item('clock'), turn };
}
