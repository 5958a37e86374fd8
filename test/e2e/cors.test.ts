import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type ChromiumSession } from './support/chromium.js';
import { startProcess, type RunningProcess } from './support/processes.js';

// CORS as a browser sees it: a page served from one loopback port calls the built server on another port (another origin),
// with the request headers HTTP clients add on their own, so Chromium sends real preflights and enforces what they grant.
const PASS = 'cors-lifetime-pass';
const SENT_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Cache-Control': 'no-cache' };

let chromium: ChromiumSession;
let server: RunningProcess;
let apiUrl: string;
let pageServer: Server;
let pageUrl: string;

beforeAll(async () => {
  server = await startProcess(
    process.execPath,
    ['dist/src/node/cli.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--pass', PASS, '--source', 'e2e-cors'],
    /listening on http:\/\/127\.0\.0\.1:\d+/,
  );
  apiUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1] ?? '';
  // The other origin: a page with nothing on it but a script context.
  pageServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another origin</title><p>cors probe</p>');
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
  await new Promise((resolve) => pageServer?.close(resolve));
});

interface Seen {
  status: number;
  /** Every header JS can read (CORS-safelisted ones plus the exposed ones). */
  headers: Record<string, string>;
  text: string;
}

/** Runs fetch in the page on the other origin; a CORS refusal shows up as `{ error }` (fetch rejects with a TypeError). */
async function fetchFromPage(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string> },
): Promise<Seen | { error: string }> {
  return page.evaluate(
    async ([target, options]) => {
      try {
        const response = await fetch(target, options);
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        return { status: response.status, headers, text: await response.text() };
      } catch (error) {
        return { error: String(error) };
      }
    },
    [url, init] as const,
  );
}

async function openOtherOrigin(): Promise<Page> {
  const page = await chromium.context.newPage();
  await page.goto(pageUrl);
  expect(new URL(page.url()).origin).not.toBe(new URL(apiUrl).origin);
  return page;
}

describe('CORS in Chromium, from a page on another origin', () => {
  it('lets a lifetime request with Content-Type, X-Requested-With, Cache-Control and Authorization through its preflight', async () => {
    const page = await openOtherOrigin();
    const seen = await fetchFromPage(page, `${apiUrl}/api/v1/generate?quantity=3&seed=42`, {
      headers: { ...SENT_HEADERS, Authorization: `Bearer ${PASS}` },
    });
    expect(seen).not.toHaveProperty('error');
    const { status, text } = seen as Seen;
    expect(status).toBe(200);
    expect((JSON.parse(text) as { count: number }).count).toBe(3);
    // Chromium did ask first (the access log shows the preflight), so the grant above is what let the request through.
    expect(server.output()).toMatch(/"OPTIONS \/api\/v1\/generate\?quantity=3&seed=42" 204/);
    await page.close();
  });

  it('reads RateLimit, RateLimit-Policy and Retry-After on a free-tier 429 reached with those headers', async () => {
    const page = await openOtherOrigin();
    const statuses: number[] = [];
    let last: Seen | undefined;
    for (let i = 0; i < 11; i++) {
      const seen = await fetchFromPage(page, `${apiUrl}/api/v1/generate?quantity=1`, { headers: SENT_HEADERS });
      expect(seen).not.toHaveProperty('error');
      last = seen as Seen;
      statuses.push(last.status);
      if (last.status === 200) expect(last.headers.ratelimit).toMatch(/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    const refused = last as Seen;
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.headers.ratelimit).toMatch(/^"minute";r=0;t=\d+/);
    expect(refused.headers['ratelimit-policy']).toBe('"minute";q=10;w=60, "day";q=100;w=86400');
    expect((JSON.parse(refused.text) as { retry_after: number }).retry_after).toBe(Number(refused.headers['retry-after']));
    await page.close();
  });

  it('reads WWW-Authenticate on the 401 an unknown pass gets', async () => {
    const page = await openOtherOrigin();
    const seen = await fetchFromPage(page, `${apiUrl}/api/v1/generate`, {
      headers: { ...SENT_HEADERS, Authorization: 'Bearer not-a-pass' },
    });
    expect(seen).not.toHaveProperty('error');
    expect((seen as Seen).status).toBe(401);
    expect((seen as Seen).headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    await page.close();
  });

  it("reads on HEAD the Content-Length of the GET's body", async () => {
    const page = await openOtherOrigin();
    const url = `${apiUrl}/api/v1/generate?quantity=7&seed=9`;
    const auth = { Authorization: `Bearer ${PASS}` };
    const get = (await fetchFromPage(page, url, { headers: auth })) as Seen;
    const head = (await fetchFromPage(page, url, { method: 'HEAD', headers: auth })) as Seen;
    expect([get.status, head.status, head.text]).toEqual([200, 200, '']);
    expect(head.headers['content-length']).toBe(String(new TextEncoder().encode(get.text).length));
    await page.close();
  });
});
