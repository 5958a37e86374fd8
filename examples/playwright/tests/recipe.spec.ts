import { expect, test } from '@playwright/test';
import { createHandlers, createRouteHandler } from 'siret-mock/msw';

const siret = createHandlers();
test.afterEach(() => siret.reset()); // a fresh quota for each test

test('shows the 429, then records again the next minute', async ({ page }) => {
  await page.route('**/api/v1/**', createRouteHandler(siret)); // the page's API calls reach this handler set
  await page.goto('/'); // baseURL: the dev server started with VITE_SIRET_MOCK=off
  const load = page.getByRole('button', { name: 'Load two companies' });
  const status = page.getByRole('status');
  for (let left = 9; left >= 0; left--) {
    await load.click();
    await expect(status).toHaveText(`200: 2 records, ${left} left this minute`);
  }
  await load.click();
  await expect(status).toHaveText(/^429: rate_limit_exceeded, retry in \d+ s$/);
  siret.clock.advance(61_000); // the next minute, without waiting
  await load.click();
  await expect(status).toHaveText('200: 2 records, 9 left this minute');
});
