// docs/msw.md, "Playwright": the page's calls to the API are answered by the test's handler set through Playwright's
// `page.route` (createRouteHandler), and the test drives quota and time with `siret.reset()` and `siret.clock.advance()`.
// No service worker, no server: the app page itself is served by a route too. examples/playwright does the same against
// a Vite dev server, from the packed tarball.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHandlers, createRouteHandler } from '../../mocks/index.js';
import { launchChromium, type ChromiumSession } from './support/chromium.js';

const APP = 'https://app.example.test/';
// A page as an app would have it: one button, one fetch, the outcome written to the page.
const PAGE = `<!doctype html><meta charset="utf-8"><button id="load">Load</button><output id="out"></output>
<script>
document.getElementById('load').addEventListener('click', async () => {
  const response = await fetch('/api/v1/generate?quantity=2');
  const body = await response.json();
  document.getElementById('out').textContent = response.status === 200
    ? 'ok ' + body.count + ' left ' + body.meta.rate_limit_remaining_minute
    : response.status + ' ' + body.error + ' retry ' + response.headers.get('retry-after');
});
</script>`;

const siret = createHandlers();
let session: ChromiumSession;

beforeAll(async () => {
  session = await launchChromium();
});
afterEach(() => siret.reset());
afterAll(async () => {
  await session?.close();
});

it('serves the page from siret.fetch through page.route; reset() and clock.advance() drive quota and time', async () => {
  const page = await session.context.newPage();
  await page.route(APP, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
  await page.route('**/api/v1/**', createRouteHandler(siret));
  await page.goto(APP);
  const click = async (): Promise<string> => {
    await page.evaluate(() => (document.getElementById('out')!.textContent = ''));
    await page.click('#load');
    await page.waitForFunction(() => document.getElementById('out')!.textContent !== '');
    return (await page.textContent('#out')) ?? '';
  };

  for (let call = 1; call <= 10; call++) expect(await click()).toBe(`ok 2 left ${10 - call}`);
  expect(await click()).toMatch(/^429 rate_limit_exceeded retry \d+$/);

  siret.clock.advance(61_000); // the next minute, from the test
  expect(await click()).toBe('ok 2 left 9');

  siret.reset(); // a fresh quota, as afterEach does
  expect(await click()).toBe('ok 2 left 9');
  await page.close();
});
