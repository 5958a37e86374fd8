// Each story of the built Storybook opened on its own in Chromium (Storybook's iframe.html), its text asserted. A second
// render gets a browser context of its own, never a reload or a goto in the same page: leaving a page closes the MSW
// worker's last client, the worker unregisters itself, and the next page's first request can reach the static server.
import { expect, test, type Browser, type Page } from '@playwright/test';

const open = (page: Page, story: string) => page.goto(`iframe.html?id=company-list--${story}&viewMode=story`);

/** `story` opened in a fresh browser context. */
async function openFresh(browser: Browser, baseURL: string | undefined, story: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await open(page, story);
  return page;
}

test('List: three companies from a fresh quota', async ({ page }) => {
  await open(page, 'list');
  await expect(page.getByRole('status')).toHaveText('9 requests left this minute');
  await expect(page.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('listitem').first()).toHaveText(/^.+, .+, SIRET \d{3} \d{3} \d{3} \d{5}$/);
});

test('List: the same records on every render, and a full quota again (one handler set per story)', async ({ page, browser, baseURL }) => {
  await open(page, 'list');
  await expect(page.getByRole('listitem')).toHaveCount(3);
  const first = await page.getByRole('listitem').allTextContents();
  const again = await openFresh(browser, baseURL, 'list');
  await expect(again.getByRole('status')).toHaveText('9 requests left this minute');
  expect(await again.getByRole('listitem').allTextContents()).toEqual(first);
  await again.context().close();
});

test('MinuteLimit: the minute 429 and its Retry-After', async ({ page }) => {
  await open(page, 'minute-limit');
  await expect(page.getByRole('alert')).toHaveText('Too many requests. Limit: 10 per minute. Retry in 60 s.');
});

test('DayUsedUp: the day 429, until 00:00 UTC', async ({ page }) => {
  await open(page, 'day-used-up');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/^Too many requests\. Limit: 100 per day\. Retry in \d+ s\.$/);
  const retry = Number(/Retry in (\d+) s/.exec((await alert.textContent()) ?? '')?.[1]);
  const toMidnight = (new Date().setUTCHours(24, 0, 0, 0) - Date.now()) / 1000;
  expect(Math.abs(retry - toMidnight)).toBeLessThan(30);
});

test('ThreeLeft: the list with three requests left this minute, the same records as List', async ({ page, browser, baseURL }) => {
  await open(page, 'list');
  await expect(page.getByRole('listitem')).toHaveCount(3);
  const list = await page.getByRole('listitem').allTextContents();
  const threeLeft = await openFresh(browser, baseURL, 'three-left');
  await expect(threeLeft.getByRole('status')).toHaveText('3 requests left this minute');
  expect(await threeLeft.getByRole('listitem').allTextContents()).toEqual(list);
  await threeLeft.context().close();
});
