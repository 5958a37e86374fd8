import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type ChromiumSession } from './support/chromium.js';
import { REPO_ROOT, startDemo, startProcess, type RunningProcess } from './support/processes.js';

// The demo page in real Chromium: served by `npm run demo` (the Vite dev server, MSW worker in the page) and, built, by
// `npm start` (the CLI server), whose API the page's server switch also talks to.
const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const CSV_HEADER = 'siret,siren,company,street_address,city,postcode';
const PASS = 'demo-lifetime-pass';

let chromium: ChromiumSession;
let vite: RunningProcess;
let demoUrl: string;
let server: RunningProcess;
let serverUrl: string;

beforeAll(async () => {
  for (const built of ['dist/src/node/cli.js', 'dist/demo/index.html']) {
    if (!existsSync(join(REPO_ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` before \`npm run test:e2e\``);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  ({ vite, url: demoUrl } = await startDemo());
  server = await startProcess(
    process.execPath,
    ['dist/src/node/cli.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--pass', PASS, '--source', 'e2e-server', '--quiet'],
    /listening on http:\/\/127\.0\.0\.1:\d+/,
  );
  serverUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1] ?? '';
  chromium = await launchChromium({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await chromium?.close();
  await vite?.stop();
  await server?.stop();
});

/** A fresh tab on the demo, once its MSW worker is running (each tab has its own handler set, so its own quota). */
async function openDemo(url = demoUrl): Promise<Page> {
  const page = await chromium.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  await page.waitForSelector('body[data-mock]', { timeout: 30_000 });
  expect(problems).toEqual([]);
  expect(await page.getAttribute('body', 'data-mock')).toBe('ready');
  return page;
}

const rows = (page: Page) => page.locator('#records tbody tr');
const status = (page: Page) => page.locator('#status');

async function sendAndWait(page: Page, expectedStatus: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toMatch(expectedStatus);
}

async function noHorizontalScroll(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

describe('the demo on the MSW worker (npm run demo)', () => {
  it('Send shows five records, the quota headers and the meters', async () => {
    const page = await openDemo();
    await sendAndWait(page, /^200 OK/);
    await expect.poll(() => rows(page).count()).toBe(5);
    const siret = await rows(page).first().locator('td').first().textContent();
    expect(siret).toMatch(/^\d{3} \d{3} \d{3} \d{5}$/);
    const headers = await page.locator('#headers').textContent();
    expect(headers).toContain('RateLimit-Policy"minute";q=10;w=60, "day";q=100;w=86400');
    expect(headers).toMatch(/RateLimit"minute";r=9;t=\d+, "day";r=99;t=\d+/);
    expect(await page.locator('#minute-text').textContent()).toBe('9 of 10 left');
    expect(await page.locator('#day-text').textContent()).toBe('99 of 100 left');
    expect(JSON.parse((await page.locator('#body').textContent()) ?? '')).toMatchObject({
      count: 5,
      meta: { rate_limit_remaining_minute: 9 },
    });
    await page.close();
  });

  it('Burst shows the 429 panel with the spec message, a live countdown and the upgrade link; the clock and reset clear it', async () => {
    const page = await openDemo();
    await sendAndWait(page, /^200 OK/);
    await page.getByRole('button', { name: 'Burst (12 requests)' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toMatch(/^Burst of 12: 9 x 200, 3 x 429/);
    const panel = page.locator('#rate-limit-panel');
    expect(await panel.isVisible()).toBe(true);
    expect(await page.locator('#rate-limit-message').textContent()).toBe('Too many requests. Limit: 10 per minute.');
    const first = Number(await page.locator('#countdown').textContent());
    expect(first).toBeGreaterThan(1);
    expect(first).toBeLessThanOrEqual(60);
    await expect.poll(async () => Number(await page.locator('#countdown').textContent()), { timeout: 5_000 }).toBeLessThan(first);
    expect(await page.locator('#upgrade-link').getAttribute('href')).toBe(new URL('/pricing', demoUrl).href);
    expect(await page.locator('#minute-text').textContent()).toBe('0 of 10 left');
    // The table keeps the last records and says they are not from this answer.
    expect(await rows(page).count()).toBe(5);
    await page.screenshot({ path: join(ARTIFACTS, 'demo-429-desktop.png'), fullPage: true });

    await page.getByRole('button', { name: 'Advance clock 1 minute' }).click();
    await sendAndWait(page, /^200 OK/);
    expect(await panel.isVisible()).toBe(false);
    expect(await page.locator('#minute-text').textContent()).toBe('9 of 10 left');
    expect(await page.locator('#day-text').textContent()).toBe('89 of 100 left');

    await page.getByRole('button', { name: 'Reset quota' }).click();
    await sendAndWait(page, /^200 OK/);
    expect(await page.locator('#day-text').textContent()).toBe('99 of 100 left');
    await page.close();
  });

  it('a burst from a fresh page that ends in 429s still shows the records of its last success', async () => {
    const page = await openDemo();
    expect(await page.locator('#records-note').textContent()).toBe('None yet.');
    await page.getByRole('button', { name: 'Burst (12 requests)' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toMatch(/^Burst of 12: 10 x 200, 2 x 429/);
    expect(await page.locator('#rate-limit-panel').isVisible()).toBe(true);
    expect(await rows(page).count()).toBe(5);
    expect(await page.locator('#records-note').textContent()).toBe('From the last successful response; this one had no records.');
    expect(await rows(page).first().locator('td').first().textContent()).toMatch(/^\d{3} \d{3} \d{3} \d{5}$/);
    await page.close();
  });

  it("proposes the CLI server's default address as Server URL under the dev server", async () => {
    const page = await openDemo();
    expect(await page.getByLabel('Server URL').inputValue()).toBe('http://127.0.0.1:3000');
    await page.close();
  });

  it('on the lifetime tier accepts quantity 100 and downloads CSV that starts with the header row', async () => {
    const page = await openDemo();
    await page.getByLabel('Tier').selectOption('lifetime');
    await page.getByLabel('Quantity').fill('100');
    await sendAndWait(page, /^200 OK/);
    await expect.poll(() => rows(page).count()).toBe(100);
    expect(await page.locator('#minute-text').textContent()).toBe('unlimited (lifetime pass)');

    await page.getByLabel('Format').selectOption('csv');
    await sendAndWait(page, /^200 OK · text\/csv/);
    await expect.poll(() => rows(page).count()).toBe(100);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('siret-export.csv');
    const path = await download.path();
    const lines = readFileSync(path, 'utf8').split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.filter((line) => line !== '')).toHaveLength(101);
    await page.close();
  });

  it('shows the service errors: CSV on the free tier is 403 with the upgrade link, quantity 51 is 400', async () => {
    const page = await openDemo();
    await page.getByLabel('Format').selectOption('csv');
    await sendAndWait(page, /^403/);
    expect(await page.locator('#error-message').textContent()).toMatch(/lifetime_pass_required/);
    expect(await page.locator('#error-upgrade-link').isVisible()).toBe(true);
    await page.getByLabel('Format').selectOption('json');
    await page.getByLabel('Quantity').fill('51');
    await sendAndWait(page, /^400/);
    expect(await page.locator('#error-message').textContent()).toMatch(/quantity_exceeds_limit/);
    await page.close();
  });

  it('the scenario picker forces 429s, a 500, a network error and a slow answer', async () => {
    const page = await openDemo();
    await page.getByLabel('Scenario (mock only)').selectOption('rate-limit-minute');
    await sendAndWait(page, /^429/);
    expect(await page.locator('#rate-limit-message').textContent()).toBe('Too many requests. Limit: 10 per minute.');
    expect(await page.locator('#countdown').textContent()).toMatch(/^(60|59)$/);
    await page.getByLabel('Scenario (mock only)').selectOption('rate-limit-day');
    await sendAndWait(page, /^429/);
    expect(await page.locator('#rate-limit-message').textContent()).toBe('Too many requests. Limit: 100 per day.');
    await page.getByLabel('Scenario (mock only)').selectOption('server-error');
    await sendAndWait(page, /^500/);
    expect(await page.locator('#error-message').textContent()).toMatch(/internal_error/);
    await page.getByLabel('Scenario (mock only)').selectOption('network-error');
    await sendAndWait(page, /^Network error/);
    await page.getByLabel('Scenario (mock only)').selectOption('slow');
    await sendAndWait(page, /^200 OK/);
    const elapsed = Number(/ (\d+) ms$/.exec((await status(page).textContent()) ?? '')?.[1]);
    expect(elapsed).toBeGreaterThanOrEqual(2_400);
    await page.getByLabel('Scenario (mock only)').selectOption('none');
    await sendAndWait(page, /^200 OK/);
    await page.close();
  });

  it('works from the keyboard: Enter in the form sends, Tab reaches every control', async () => {
    const page = await openDemo();
    await page.getByLabel('Quantity').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(7);
    const reached = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(() => document.activeElement?.id || (document.activeElement as HTMLInputElement | null)?.value || ''),
      );
    }
    for (const id of ['quantity', 'tier', 'seed', 'format', 'scenario', 'send', 'burst', 'advance', 'reset']) expect(reached).toContain(id);
    await page.close();
  });

  it('gives the same records for the same seed', async () => {
    const page = await openDemo();
    await page.getByLabel('Seed (optional)').fill('42');
    await sendAndWait(page, /^200 OK/);
    const first = await page.locator('#records tbody').textContent();
    await sendAndWait(page, /^200 OK/);
    expect(await page.locator('#records tbody').textContent()).toBe(first);
    await page.close();
  });

  it('the lookup box checks the number as it is typed, then shows the company card, the 404 and the 429', async () => {
    const page = await openDemo();
    await page.fill('#seed', '42');
    await sendAndWait(page, /^200 OK/);
    const siret = (await rows(page).first().locator('td').first().textContent()) ?? '';
    const company = (await rows(page).first().locator('td').nth(2).textContent()) ?? '';
    const check = page.locator('#lookup-check');
    const box = page.locator('#lookup-number');
    const lookUp = page.getByRole('button', { name: 'Look up' });
    await box.pressSequentially(siret.slice(0, 7));
    expect(await check.textContent()).toMatch(/^\d+ digits: a SIREN has 9, a SIRET 14 \(length\)\.$/);
    expect(await lookUp.isDisabled()).toBe(true);
    // The last digit changed: the Luhn check fails, and the box says so before anything is sent.
    await box.fill(`${siret.slice(0, -1)}${(Number(siret.at(-1)) + 1) % 10}`);
    expect(await check.textContent()).toMatch(/\(check_digit\)\.$/);
    await box.fill('356 000 000 00049');
    expect(await check.textContent()).toMatch(/\(la_poste_rule\)\.$/);
    await box.fill(siret);
    expect(await check.textContent()).toBe('A valid SIRET: look it up.');
    await lookUp.click();
    await expect.poll(() => page.locator('#lookup-result .company-card h3').textContent()).toBe(company);
    await page.screenshot({ path: join(ARTIFACTS, 'demo-lookup-card.png') });

    await box.fill('100 000 009');
    await lookUp.click();
    await expect.poll(() => page.locator('#lookup-result h3').textContent()).toBe('No company with this number (public_body)');
    await page.getByRole('button', { name: 'Minute used up' }).click();
    await box.fill(siret);
    await lookUp.click();
    await expect.poll(() => page.locator('#lookup-result h3').textContent()).toBe('Rate limit reached');
    expect(await page.locator('#lookup-result').textContent()).toContain('Too many requests. Limit: 10 per minute.');
    await page.screenshot({ path: join(ARTIFACTS, 'demo-lookup-429.png') });
    await page.close();
  });

  it('is readable at desktop and phone width, with no horizontal scroll at 390 px', async () => {
    const page = await openDemo();
    await sendAndWait(page, /^200 OK/);
    await page.screenshot({ path: join(ARTIFACTS, 'demo-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await noHorizontalScroll(page);
    expect(phone.innerWidth).toBe(390);
    expect(phone.scrollWidth).toBeLessThanOrEqual(phone.innerWidth);
    await page.screenshot({ path: join(ARTIFACTS, 'demo-phone.png'), fullPage: true });
    await page.locator('#response').screenshot({ path: join(ARTIFACTS, 'demo-phone-response.png') });
    await page.getByRole('button', { name: 'Burst (12 requests)' }).click();
    await expect.poll(() => page.locator('#rate-limit-panel').isVisible(), { timeout: 20_000 }).toBe(true);
    const afterBurst = await noHorizontalScroll(page);
    expect(afterBurst.scrollWidth).toBeLessThanOrEqual(afterBurst.innerWidth);
    await page.screenshot({ path: join(ARTIFACTS, 'demo-429-phone.png'), fullPage: true });
    await page.locator('#response').screenshot({ path: join(ARTIFACTS, 'demo-429-phone-response.png') });
    await page.close();
  });
});

describe('the server switch and the built demo (npm start)', () => {
  it('sends the same requests to a running server, CORS headers and 429 included', async () => {
    const page = await openDemo();
    await page.getByLabel('A running server').check();
    await page.getByLabel('Server URL').fill(serverUrl);
    expect(await page.getByRole('button', { name: 'Reset quota' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Scenario (mock only)').isDisabled()).toBe(true);
    await sendAndWait(page, /^200 OK/);
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await page.locator('#headers').textContent()).toMatch(/RateLimit"minute";r=9;t=\d+/);
    await page.getByRole('button', { name: 'Burst (12 requests)' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toMatch(/^Burst of 12: 9 x 200, 3 x 429/);
    expect(await page.locator('#rate-limit-message').textContent()).toBe('Too many requests. Limit: 10 per minute.');
    expect(await page.locator('#upgrade-link').getAttribute('href')).toBe(`${serverUrl}/pricing`);

    // The lifetime pass goes as a Bearer token (a CORS preflight the server answers) and is not rate limited.
    await page.getByLabel('Tier').selectOption('lifetime');
    await page.getByLabel('Quantity').fill('100');
    await sendAndWait(page, /^200 OK/);
    await expect.poll(() => rows(page).count()).toBe(100);
    expect(await page.locator('#body').textContent()).toContain('"source": "e2e-server"');
    await page.close();
  });

  it('npm start serves the built demo at /: its worker answers, and its server switch reaches the server on the same origin', async () => {
    const page = await openDemo(`${serverUrl}/`);
    expect(await page.title()).toBe('siret-mock demo');
    // meta.source tells who answered: the page's worker says siret-mock, the server was started with --source e2e-server.
    const source = async (): Promise<unknown> =>
      (JSON.parse((await page.locator('#body').textContent()) ?? '{}') as { meta?: { source?: unknown } }).meta?.source;
    await sendAndWait(page, /^200 OK/);
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await source()).toBe('siret-mock');
    // The lifetime pass keeps the server's quota (spent by the previous test) out of the way.
    await page.getByLabel('Tier').selectOption('lifetime');
    await page.getByLabel('A running server').check();
    // Served by the server (on whatever port it was given), the page proposes that server, not the default port.
    expect(await page.getByLabel('Server URL').inputValue()).toBe(serverUrl);
    await sendAndWait(page, /^200 OK/);
    expect(await source()).toBe('e2e-server');
    await page.close();
  });

  it('the built demo runs under its Content-Security-Policy, and another page cannot frame it', async () => {
    const page = await chromium.context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(`${serverUrl}/`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForSelector('body[data-mock="ready"]', { timeout: 30_000 });
    // The worker answers, then the server on the same origin, then another origin: every path the page's requests take.
    await sendAndWait(page, /^200 OK/);
    await page.getByLabel('Tier').selectOption('lifetime');
    await page.getByLabel('A running server').check();
    await sendAndWait(page, /^200 OK/);
    await page.getByLabel('Server URL').fill(serverUrl.replace('127.0.0.1', 'localhost'));
    await sendAndWait(page, /^200 OK/);
    expect(violations).toEqual([]);
    await page.close();

    // A page of another origin (the dev server's) that puts the demo in a frame gets Chromium's error page in it.
    const framer = await chromium.context.newPage();
    await framer.goto(demoUrl);
    await framer.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, `${serverUrl}/`);
    await expect.poll(() => framer.frames()[1]?.url() ?? '', { timeout: 10_000 }).toMatch(/^chrome-error:/);
    await framer.close();
  });

  it('the upgrade link of a 429 opens the pricing page, and the server has a favicon', async () => {
    const page = await openDemo(`${serverUrl}/`);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.getByLabel('A running server').check();
    await page.getByRole('button', { name: 'Burst (12 requests)' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toMatch(/^Burst of 12: .*x 429/);
    expect(await page.locator('#rate-limit-panel').isVisible()).toBe(true);
    // The link opens a new tab, as a browser user would see it.
    const [pricing] = await Promise.all([chromium.context.waitForEvent('page'), page.locator('#upgrade-link').click()]);
    await pricing.waitForLoadState();
    expect(pricing.url()).toBe(`${serverUrl}/pricing`);
    expect(await pricing.title()).toBe('siret-mock: pricing');
    expect(await pricing.locator('h2').first().textContent()).toBe('Getting the lifetime pass on the mock');
    expect(await pricing.locator('body').textContent()).toContain('siret-mock serve --pass TOKEN');
    const favicon = await page.evaluate(async () => (await fetch('/favicon.ico')).status);
    expect(favicon).toBe(204);
    expect(missing).toEqual([]);
    await pricing.close();
    await page.close();
  });
});
