// The app's README set-up (src/main.ts) under Playwright, against real Vite dev servers, with siret-mock from the tarball.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createHandlers, createRouteHandler } from 'siret-mock/msw';

const WORKER_ON = `http://127.0.0.1:${process.env.MOCK_ON_PORT}/`;
const WORKER_OFF = `http://127.0.0.1:${process.env.MOCK_OFF_PORT}/`;

const siret = createHandlers();
test.afterEach(() => siret.reset());

/** Clicks the app's button and returns what it says once the answer is in. */
async function load(page: Page): Promise<string> {
  const status = page.getByRole('status');
  await status.evaluate((element) => (element.textContent = ''));
  await page.getByRole('button', { name: 'Load two companies' }).click();
  await expect(status).not.toBeEmpty();
  return (await status.textContent()) ?? '';
}

/**
 * Routes the page's API calls to this file's handler set, counting them, and counts every API request the page makes:
 * `routed` equal to `made` means no request reached anything but the test's handlers.
 */
async function routeApi(page: Page): Promise<{ routed: () => number; made: () => number }> {
  let routed = 0;
  let made = 0;
  const handle = createRouteHandler(siret);
  page.on('request', (request) => void (request.url().includes('/api/v1/') && made++));
  await page.route('**/api/v1/**', (route) => {
    routed++;
    return handle(route);
  });
  return { routed: () => routed, made: () => made };
}

/** Ten answers, the free tier's 429, then clock.advance() past the minute and a 200 again. */
async function quotaRun(page: Page): Promise<void> {
  for (let call = 1; call <= 10; call++) expect(await load(page)).toBe(`200: 2 records, ${10 - call} left this minute`);
  expect(await load(page)).toMatch(/^429: rate_limit_exceeded, retry in \d+ s$/);
  siret.clock.advance(61_000); // the next minute window, from the test, without waiting
  expect(await load(page)).toBe('200: 2 records, 9 left this minute');
}

test('dev server with VITE_SIRET_MOCK=off: page.route sees every request, and clock.advance() turns the 429 into a 200', async ({
  page,
}) => {
  const counts = await routeApi(page);
  await page.goto(WORKER_OFF);
  await quotaRun(page);
  expect(counts.routed()).toBe(12);
  expect(counts.made()).toBe(12);
  // The worker never started: no service worker controls the page.
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test.describe('service workers blocked (serviceWorkers: "block")', () => {
  test.use({ serviceWorkers: 'block' });

  test('the worker cannot start, the app renders all the same, and page.route sees every request', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    const counts = await routeApi(page);
    await page.goto(WORKER_ON);
    await quotaRun(page);
    expect(counts.routed()).toBe(12);
    expect(counts.made()).toBe(12);
    expect(warnings.some((text) => text.startsWith('siret-mock: mocking is off:'))).toBe(true);
  });
});

test('dev server with the worker on: the page works on its own mock, and page.route sees nothing (do not mix the two)', async ({
  page,
}) => {
  const counts = await routeApi(page);
  await page.goto(WORKER_ON);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await load(page)).toBe('200: 2 records, 9 left this minute');
  expect(await load(page)).toBe('200: 2 records, 8 left this minute');
  // The worker answered both: the route, its handler set and its clock never saw them.
  expect(counts.made()).toBe(2);
  expect(counts.routed()).toBe(0);
});

test('a production build has no mockServiceWorker.js and no mock code', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'siret-mock-example-build-'));
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
    expect(existsSync(join(outDir, 'mockServiceWorker.js'))).toBe(false);
    const scripts = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts).toHaveLength(1);
    const code = scripts.map((name) => readFileSync(join(outDir, 'assets', name), 'utf8')).join('\n');
    expect(code).toContain('Load two companies');
    expect(code).not.toMatch(/setupWorker|createHandlers|mockServiceWorker/);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
