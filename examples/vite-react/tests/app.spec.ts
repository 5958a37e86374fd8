// The React app with the README's enableMocking(), as developers run it and as it ships, with siret-mock from the tarball.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const DEV = `http://127.0.0.1:${process.env.DEV_PORT}/`;
const PREVIEW = `http://127.0.0.1:${process.env.PREVIEW_PORT}/`;

/**
 * Clicks the button, waits until the status reads `status` (the previous call's text may still be there when the response
 * arrives), and says whether the service worker answered.
 */
async function load(page: Page, status: string): Promise<{ fromWorker: boolean }> {
  const answered = page.waitForResponse((response) => response.url().includes('/api/v1/generate'));
  await page.getByRole('button', { name: 'Load two companies' }).click();
  const response = await answered;
  await expect(page.getByRole('status')).toHaveText(status);
  return { fromWorker: response.fromServiceWorker() };
}

test('vite dev: the MSW worker started by enableMocking() answers the page', async ({ page }) => {
  await page.goto(DEV);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await load(page, '200: 2 records, 9 left this minute')).toEqual({ fromWorker: true });
  await expect(page.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('listitem').first()).toHaveText(/^.+, .+, SIRET \d{3} \d{3} \d{3} \d{5}$/);
});

test('vite dev: the SIRET form shows the company of a number generate served, the 400 and 404 reasons, then the 429', async ({ page }) => {
  await page.goto(DEV);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // A record of seed 0, the world a lookup without a seed looks in: the form finds that very company.
  const { data } = await page.evaluate(async () => (await fetch('/api/v1/generate?quantity=1&seed=0')).json());
  const [record] = data as Array<{ siret: string; siren: string; company: string; city: string }>;
  const form = page.getByRole('form', { name: 'Look up a SIRET' });
  const lookUp = async (typed: string): Promise<void> => {
    await form.getByLabel('SIRET').fill(typed);
    const answered = page.waitForResponse((response) => response.url().includes('/api/v1/siret/'));
    await form.getByRole('button', { name: 'Look up' }).click();
    await answered;
  };
  await lookUp(record.siret.replace(/ /g, '.'));
  await expect(page.getByRole('article', { name: 'Company' }).getByRole('heading')).toHaveText(record.company);
  await expect(page.getByRole('article', { name: 'Company' })).toContainText(record.city);
  const last = Number(record.siret.at(-1));
  await lookUp(`${record.siret.slice(0, -1)}${(last + 1) % 10}`);
  await expect(page.getByRole('alert')).toHaveText(/^400 invalid_siret \(check_digit\): /);
  await lookUp('100 000 009 00017');
  await expect(page.getByRole('alert')).toHaveText(/^404 not_found \(public_body\): /);
  // Generate and three lookups so far: six more use the minute, the next is the 429.
  for (let call = 5; call <= 10; call++) await lookUp(record.siret);
  await expect(page.getByRole('article', { name: 'Company' })).toBeVisible();
  await lookUp(record.siret);
  await expect(page.getByRole('alert')).toHaveText('429 rate_limit_exceeded: Too many requests. Limit: 10 per minute.');
});

test('vite preview: the production build has no worker, and the Vite plugin answers it, 429 included', async ({ page }) => {
  await page.goto(PREVIEW);
  for (let call = 1; call <= 10; call++) {
    expect(await load(page, `200: 2 records, ${10 - call} left this minute`)).toEqual({ fromWorker: false });
  }
  expect(await load(page, '429: Too many requests. Limit: 10 per minute.')).toEqual({ fromWorker: false });
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test('the production build (dist/, built for vite preview) ships neither msw, siret-mock nor the worker script', () => {
  expect(existsSync(join('dist', 'index.html'))).toBe(true);
  expect(existsSync(join('dist', 'mockServiceWorker.js'))).toBe(false);
  // The snippet's dynamic imports are dropped with import.meta.env.DEV: one chunk, the app and React.
  const scripts = readdirSync(join('dist', 'assets')).filter((name) => name.endsWith('.js'));
  expect(scripts).toHaveLength(1);
  const code = readFileSync(join('dist', 'assets', scripts[0] as string), 'utf8');
  expect(code).toContain('Load two companies');
  expect(code).not.toMatch(/setupWorker|createHandlers|mockServiceWorker|rate_limit_exceeded/);
});
