// createHandlers({ persist }) in jsdom: a second handler set stands for the page after a reload (or another tab). jsdom
// has no IndexedDB, so 'local' takes its fallback there (localStorage); fake-indexeddb stands in for the browser's below.
// Real reloads and tabs, two of them sending at once, in Chromium: test/e2e/demo-session.test.ts.
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../mocks/index.js';

const API = 'http://localhost/api/v1/generate';
/** A fixed base clock for the tests that read the clock offset: the persisted offset is then all that moves it. */
const clock = { now: () => Date.UTC(2030, 0, 1, 12) };

async function remaining(siret: ReturnType<typeof createHandlers>): Promise<[number, number] | number> {
  const response = await siret.fetch(new Request(API));
  if (response.status !== 200) return response.status;
  const { meta } = (await response.json()) as { meta: { rate_limit_remaining_minute: number; rate_limit_remaining_day: number } };
  return [meta.rate_limit_remaining_minute, meta.rate_limit_remaining_day];
}

/** The statuses of 5 + 5 requests sent at once by two tabs, then of an 11th. */
async function twoTabsAtOnce(tabA: ReturnType<typeof createHandlers>, tabB: ReturnType<typeof createHandlers>): Promise<number[]> {
  const send = (tab: ReturnType<typeof createHandlers>) => tab.fetch(new Request(API)).then((response) => response.status);
  const burst = await Promise.all([tabA, tabB, tabA, tabB, tabA, tabB, tabA, tabB, tabA, tabB].map(send));
  return [...burst, await send(tabB)];
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe("createHandlers({ persist: 'session' | 'local' })", () => {
  it.each(['session', 'local'] as const)("'%s' keeps the quota across a reload", async (persist) => {
    const before = createHandlers({ persist });
    for (let i = 0; i < 4; i++) await remaining(before);
    const afterReload = createHandlers({ persist });
    expect(await remaining(afterReload)).toEqual([5, 95]);
  });

  it('keeps the clock offset too: a minute advanced before the reload is still advanced after it', async () => {
    const before = createHandlers({ persist: 'session', clock });
    before.exhaust('minute');
    before.clock.advance(61_000);
    const afterReload = createHandlers({ persist: 'session', clock });
    expect(afterReload.clock.now() - clock.now()).toBe(61_000);
    expect(await remaining(afterReload)).toEqual([9, 89]);
  });

  it('reset() clears the stored state as well', async () => {
    const before = createHandlers({ persist: 'local' });
    before.exhaust('day');
    before.reset();
    expect(await remaining(createHandlers({ persist: 'local' }))).toEqual([9, 99]);
  });

  it("'local' is one quota for every handler set on it (tabs of the origin); the default stays per handler set", async () => {
    const tabA = createHandlers({ persist: 'local' });
    const tabB = createHandlers({ persist: 'local' });
    expect(await remaining(tabA)).toEqual([9, 99]);
    expect(await remaining(tabB)).toEqual([8, 98]);
    expect(await remaining(tabA)).toEqual([7, 97]);
    expect(await remaining(createHandlers())).toEqual([9, 99]);
  });

  it('keeps handler sets with different base URLs apart', async () => {
    const one = createHandlers({ persist: 'local', baseUrl: 'http://localhost/one' });
    const other = createHandlers({ persist: 'local', baseUrl: 'http://localhost/other' });
    await one.fetch(new Request('http://localhost/one/api/v1/generate'));
    const response = await other.fetch(new Request('http://localhost/other/api/v1/generate'));
    expect(((await response.json()) as { meta: { rate_limit_remaining_minute: number } }).meta.rate_limit_remaining_minute).toBe(9);
  });

  it('refuses persist with a store of your own, and an unknown value', () => {
    expect(() => createHandlers({ persist: 'local', store: { consume: () => ({}) as never, reset: () => undefined } })).toThrow(
      'cannot be combined with store',
    );
    expect(() => createHandlers({ persist: 'cookie' as never })).toThrow("persist must be 'session' or 'local', got cookie");
  });
});

describe("'local' without IndexedDB (jsdom, older browsers): localStorage, with no turn between tabs", () => {
  it('reads, counts and writes localStorage in one step per request: exact in one tab, not across tabs', async () => {
    expect(typeof indexedDB).toBe('undefined');
    const statuses = await twoTabsAtOnce(createHandlers({ persist: 'local' }), createHandlers({ persist: 'local' }));
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect(JSON.parse(localStorage.getItem('siret-mock:*:quota') ?? '{}')).toMatchObject({ states: { anonymous: { minuteCount: 10 } } });
  });
});

describe("'local' with IndexedDB: each count one transaction, the clock read in it", () => {
  beforeEach(() => {
    Object.assign(globalThis, { indexedDB: new IDBFactory() });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'indexedDB');
  });

  it('counts 5 + 5 requests sent at once by two tabs exactly: 10 admitted, the 11th refused', async () => {
    const statuses = await twoTabsAtOnce(createHandlers({ persist: 'local' }), createHandlers({ persist: 'local' }));
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect(localStorage.length).toBe(0);
  });

  it('keeps the quota and the clock offset for the next page load', async () => {
    const before = createHandlers({ persist: 'local', clock });
    before.exhaust('minute');
    before.clock.advance(61_000);
    const afterReload = createHandlers({ persist: 'local', clock });
    expect(await remaining(afterReload)).toEqual([9, 89]);
    expect(afterReload.clock.now() - clock.now()).toBe(61_000);
  });

  it("counts another tab's request with the clock this tab moved, and reset() clears both for every tab", async () => {
    const tabA = createHandlers({ persist: 'local', clock });
    const tabB = createHandlers({ persist: 'local', clock });
    expect(await remaining(tabB)).toEqual([9, 99]);
    tabA.exhaust('minute');
    tabA.clock.advance(61_000);
    expect(await remaining(tabB)).toEqual([9, 89]);
    tabA.reset();
    expect(await remaining(tabB)).toEqual([9, 99]);
    expect(tabB.clock.now()).toBe(clock.now());
  });

  /** Makes the browser refuse the database in one way; returns what undoes it. */
  const refusals: [string, () => () => void][] = [
    [
      'to open the database',
      () => {
        const open = (): never => {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        };
        Object.assign(globalThis, { indexedDB: { open } });
        return () => undefined;
      },
    ],
    [
      'to write (a full disk)',
      () => {
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
          const request = put.apply(this, args);
          this.transaction.abort();
          return request;
        };
        return () => {
          IDBObjectStore.prototype.put = put;
        };
      },
    ],
  ];

  it.each(refusals)('goes on in memory, for the tab alone, when the browser refuses %s', async (_, refuse) => {
    const undo = refuse();
    try {
      const tab = createHandlers({ persist: 'local' });
      expect(await remaining(tab)).toEqual([9, 99]);
      expect(await remaining(tab)).toEqual([8, 98]);
      expect(await remaining(createHandlers({ persist: 'local' }))).toEqual([9, 99]);
    } finally {
      undo();
    }
  });
});
