import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type ChromiumSession } from './support/chromium.js';
import { REPO_ROOT, startDemo, type RunningProcess } from './support/processes.js';

// The demo's quota states, kept quota (reloads, a second tab), session timeline, Retry-After verdict and "Copy as test",
// in real Chromium against `npm run demo`. The copied test is written to disk and run with Vitest.
const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const COPIED = join(ARTIFACTS, 'copied-session');

let chromium: ChromiumSession;
let vite: RunningProcess;
let demoUrl: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  ({ vite, url: demoUrl } = await startDemo());
  chromium = await launchChromium({ viewport: { width: 1280, height: 1000 } });
});

afterAll(async () => {
  await chromium?.close();
  await vite?.stop();
});

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-mock="ready"]', { timeout: 30_000 });
}

async function openDemo(): Promise<Page> {
  const page = await chromium.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(demoUrl);
  await ready(page);
  expect(problems).toEqual([]);
  return page;
}

/** Chooses where the quota is kept; the page reloads with it. */
async function keepQuota(page: Page, mode: 'memory' | 'session' | 'local'): Promise<void> {
  if ((await page.inputValue('#persist')) === mode) return;
  await Promise.all([page.waitForEvent('load'), page.selectOption('#persist', mode)]);
  await ready(page);
}

async function send(page: Page, expected: RegExp, query = ''): Promise<void> {
  await page.fill('#seed', query);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => page.locator('#status').textContent(), { timeout: 10_000 }).toMatch(expected);
}

const minuteLeft = (page: Page) => page.locator('#minute-text').textContent();

/** Writes the copied test to its own folder and runs it with Vitest: what a user does with "Copy as test". */
function runCopiedTest(name: string, code: string): void {
  const folder = join(COPIED, name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'session.test.ts'), code);
  writeFileSync(join(folder, 'vitest.config.mjs'), "export default { test: { include: ['session.test.ts'] } };\n");
  const run = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', folder], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  expect(run.stdout + run.stderr).toMatch(/Tests\s+1 passed \(1\)/);
  expect(run.status).toBe(0);
}

describe('quota kept across reloads and tabs', () => {
  it("'This tab' keeps the quota across a reload; another tab has its own", async () => {
    const page = await openDemo();
    await keepQuota(page, 'session');
    await page.click('#new-session');
    for (let i = 0; i < 4; i++) await send(page, /^200 OK/);
    expect(await minuteLeft(page)).toBe('6 of 10 left');
    await page.reload();
    await ready(page);
    await send(page, /^200 OK/);
    expect(await minuteLeft(page)).toBe('5 of 10 left');
    expect(await page.locator('#timeline-note').textContent()).toMatch(/^5 requests to the mock in this session \(kept: this tab/);

    const other = await openDemo();
    await send(other, /^200 OK/);
    expect(await minuteLeft(other)).toBe('9 of 10 left');
    await other.close();
    await page.close();
  });

  it("'Every tab' shares one quota between tabs, across reloads", async () => {
    const page = await openDemo();
    await keepQuota(page, 'local');
    await page.click('#new-session');
    await send(page, /^200 OK/);
    await send(page, /^200 OK/);
    const other = await openDemo();
    expect(await other.inputValue('#persist')).toBe('local');
    await send(other, /^200 OK/);
    expect(await minuteLeft(other)).toBe('7 of 10 left');
    await page.reload();
    await ready(page);
    await send(page, /^200 OK/);
    expect(await minuteLeft(page)).toBe('6 of 10 left');
    await keepQuota(page, 'memory');
    await other.close();
    await page.close();
  });

  it("'Every tab' counts each request once when two tabs send at the same time: 5 + 5 admitted, the 11th refused", async () => {
    const page = await openDemo();
    await keepQuota(page, 'local');
    const other = await openDemo();
    // True once the stored quota has no caller, as a reset leaves it: read where docs/msw.md says 'local' keeps it.
    const cleared = (key: string): Promise<boolean> =>
      new Promise((resolve) => {
        const open = indexedDB.open('siret-mock', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('state');
        open.onsuccess = () => {
          const read = open.result.transaction('state').objectStore('state').get(key);
          read.onsuccess = () => {
            open.result.close();
            const quota = (read.result as { quota?: string | null } | undefined)?.quota ?? '{}';
            resolve(Object.keys((JSON.parse(quota) as { states?: object }).states ?? {}).length === 0);
          };
        };
      });
    const key = `siret-mock:${demoUrl}`;
    // Each page's own fetch, through the MSW worker to that page's handler set; resolves with the statuses in order.
    const fire = (tab: Page, count: number): Promise<number[]> =>
      tab.evaluate(
        (n) => Promise.all(Array.from({ length: n }, () => fetch('api/v1/generate').then((response) => response.status))),
        count,
      );
    const rounds: { admitted: number; eleventh: number }[] = [];
    for (let round = 0; round < 12; round++) {
      await page.click('#reset');
      for (const tab of [page, other]) await expect.poll(() => tab.evaluate(cleared, key), { timeout: 10_000 }).toBe(true);
      const statuses = (await Promise.all([fire(page, 5), fire(other, 5)])).flat();
      const [eleventh] = await fire(round % 2 === 0 ? page : other, 1);
      rounds.push({ admitted: statuses.filter((status) => status === 200).length, eleventh: eleventh ?? 0 });
    }
    expect(await page.evaluate(cleared, key), 'the quota is stored where the wait above looks').toBe(false);
    const lost = rounds.filter((round) => round.admitted !== 10 || round.eleventh !== 429).length;
    expect(rounds, `${lost} of 12 rounds miscounted`).toEqual(Array.from({ length: 12 }, () => ({ admitted: 10, eleventh: 429 })));
    await keepQuota(page, 'memory');
    await other.close();
    await page.close();
  });
});

describe('session timeline, audit verdict and "Copy as test"', () => {
  it('replays a session in Vitest: quota states, a clock move, a scenario, a seed, an early retry', async () => {
    const page = await openDemo();
    await keepQuota(page, 'memory');
    await send(page, /^200 OK/);
    await send(page, /^200 OK/, '42');
    await page.click('#usage-3-left'); // 6 counted: the next answer reports 3 left, and 4 are admitted
    for (let i = 0; i < 4; i++) await send(page, /^200 OK/);
    await send(page, /^429 /);
    await send(page, /^429 /); // at once: an early retry
    await page.click('#advance');
    await send(page, /^200 OK/);
    await page.selectOption('#scenario', 'server-error');
    await send(page, /^500 /);
    await page.selectOption('#scenario', 'none');
    await page.click('#exhaust-day');
    await send(page, /^429 /);

    expect(await page.locator('#timeline .mark').count()).toBe(2 * 11); // each request on the minute row and the day row
    expect(await page.locator('#timeline .boundary').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getAttribute('#timeline', 'aria-label')).toBe('11 requests: 7 x 200, 3 x 429, 1 x 500');
    const verdict = await page.locator('#audit-verdict').textContent();
    expect(verdict).toContain('Retry-After audit: 1 violation.');
    expect(verdict).toMatch(/early-retry: anonymous sent a request [\d.]+ s after a 429 that asked it to wait \d+ s/);
    await page.locator('#response').screenshot({ path: join(ARTIFACTS, 'demo-session.png') });

    await page.click('#copy-test');
    const code = await page.inputValue('#test-code');
    expect(code).toContain('siret.setUsage({ minute: 6 });');
    expect(code).toContain('siret.clock.advance(60000);');
    expect(code).toContain('server.use(scenarios.serverError({ times: Infinity }));');
    expect(code).toContain("siret.exhaust('day');");
    expect(code).toContain("toEqual(['early-retry'])");

    runCopiedTest('mixed', code);
    await page.close();
  });

  it('replays a session that switches scenarios without going back to None, and pass requests after a 429', async () => {
    const page = await openDemo();
    await keepQuota(page, 'memory');
    await page.click('#new-session');
    await page.selectOption('#scenario', 'network-error');
    await send(page, /^Network error/);
    await page.selectOption('#scenario', 'server-error');
    await send(page, /^500 /);
    // Each scenario replaces the one before, in the page and in the copied test: slow answers after its delay.
    await page.selectOption('#scenario', 'slow');
    await send(page, /^200 OK/);
    await page.selectOption('#scenario', 'none');
    await page.click('#exhaust-minute');
    await send(page, /^429 /);
    // At once, on the lifetime pass: not rate limited, so no early retry.
    await page.selectOption('#tier', 'lifetime');
    await send(page, /^200 OK/);
    expect(await page.locator('#audit-verdict').textContent()).toContain('Retry-After audit: no violation.');

    await page.click('#copy-test');
    const code = await page.inputValue('#test-code');
    expect(code).toContain('server.resetHandlers();\n  server.use(scenarios.slow(2_500, { times: Infinity }));');
    expect(code).toContain("authorization: 'Bearer ");
    expect(code).toContain('toEqual([])');
    runCopiedTest('switched-scenarios', code);
    await page.selectOption('#tier', 'free');
    await page.close();
  });
});
