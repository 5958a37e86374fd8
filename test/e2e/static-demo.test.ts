import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type ChromiumSession } from './support/chromium.js';
import { freePort, REPO_ROOT, startProcess, type RunningProcess } from './support/processes.js';

// The built demo (dist/demo) as docs/demo.md says to host it: the folder copied as is under a sub-path of a plain static
// server (Python's http.server: no rewrites, no API), where the MSW worker in the page answers every request.
const SUB_PATH = '/tools/siret-demo/';

let chromium: ChromiumSession;
let site: string;
let server: RunningProcess;
let pageUrl: string;

beforeAll(async () => {
  if (!existsSync(join(REPO_ROOT, 'dist/demo/index.html'))) throw new Error('dist/demo is missing: run `npm run build` first');
  site = mkdtempSync(join(tmpdir(), 'siret-mock-static-demo-'));
  mkdirSync(join(site, SUB_PATH), { recursive: true });
  cpSync(join(REPO_ROOT, 'dist/demo'), join(site, SUB_PATH), { recursive: true });
  const port = await freePort();
  server = await startProcess('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', site], /Serving HTTP/);
  pageUrl = `http://127.0.0.1:${port}${SUB_PATH}`;
  chromium = await launchChromium({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
  if (site) rmSync(site, { recursive: true, force: true });
});

it('runs from a plain static server under a sub-path: the worker answers a burst of 12 with ten 200s and two 429s', async () => {
  const page = await chromium.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const answers: { url: string; status: number; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/v1/'))
      answers.push({ url: response.url(), status: response.status(), fromWorker: response.fromServiceWorker() });
  });
  await page.goto(pageUrl);
  await page.waitForSelector('body[data-mock]', { timeout: 30_000 });
  expect(await page.getAttribute('body', 'data-mock')).toBe('ready');

  await page.getByRole('button', { name: 'Burst (12 requests)' }).click();
  await expect.poll(() => page.locator('#status').textContent(), { timeout: 20_000 }).toMatch(/^Burst of 12: 10 x 200, 2 x 429/);
  expect(await page.locator('#rate-limit-message').textContent()).toBe('Too many requests. Limit: 10 per minute.');
  // Every answer came from the worker, for requests under the page's own path; the static server saw none of them.
  expect(answers).toHaveLength(12);
  expect(answers.every((answer) => answer.fromWorker && answer.url.startsWith(`${pageUrl}api/v1/generate`))).toBe(true);
  expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(200), 429, 429]);
  expect(server.output()).toContain(`"GET ${SUB_PATH}mockServiceWorker.js HTTP/1.1" 200`);
  expect(server.output()).not.toContain('/api/v1/');
  expect(problems).toEqual([]);
  await page.close();
});
