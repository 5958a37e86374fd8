// createHandlers({ persist }) in jsdom's web storage: a second handler set stands for the page after a reload (or another
// tab). Real reloads and tabs in Chromium: test/e2e/quota-persist.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../mocks/index.js';

const API = 'http://localhost/api/v1/generate';

async function remaining(siret: ReturnType<typeof createHandlers>): Promise<[number, number] | number> {
  const response = await siret.fetch(new Request(API));
  if (response.status !== 200) return response.status;
  const { meta } = (await response.json()) as { meta: { rate_limit_remaining_minute: number; rate_limit_remaining_day: number } };
  return [meta.rate_limit_remaining_minute, meta.rate_limit_remaining_day];
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
    const before = createHandlers({ persist: 'session' });
    before.exhaust('minute');
    before.clock.advance(61_000);
    const afterReload = createHandlers({ persist: 'session' });
    expect(afterReload.clock.now() - Date.now()).toBeGreaterThanOrEqual(61_000);
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
