import { afterEach, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer, type SiretServerOptions } from '../src/node/index.js';

// What a new user's browser meets on the server besides the API: the pricing page the `upgrade` link points at, and the
// favicon every browser asks for on its own.
const running: SiretServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: SiretServerOptions = {}): Promise<URL> {
  const server = createSiretServer({ demoDir: false, log: () => undefined, ...options });
  running.push(server);
  return server.listen(0, '127.0.0.1');
}

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('/pricing', () => {
  it('is where the upgrade link of a 403 points, and answers a browser with an HTML page about the lifetime pass', async () => {
    const url = await start();
    const refused = await fetch(new URL('/api/v1/generate?format=csv', url));
    const upgrade = ((await refused.json()) as { upgrade: string }).upgrade;
    expect(upgrade).toBe(new URL('/pricing', url).href);
    const page = await fetch(upgrade, { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('vary')).toBe('Accept');
    const html = await page.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('siret-mock serve --pass TOKEN');
    expect(html).toContain('--tier lifetime');
    expect(html).toMatch(/1 to 100<\/td><td>none<\/td><td>yes/);
  });

  it('answers JSON to API clients, with the limits this server was started with', async () => {
    const url = await start({ tier: 'lifetime', limits: { perMinute: 3, perDay: 7, maxQuantity: { free: 20, lifetime: 60 } } });
    for (const accept of [undefined, '*/*', 'application/json', 'text/html;q=0']) {
      const response = await fetch(new URL('/pricing', url), accept === undefined ? {} : { headers: { accept } });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-type'), accept).toBe('application/json');
      expect(await response.json()).toMatchObject({
        tiers: {
          free: { max_quantity: 20, rate_limit: { per_minute: 3, per_day: 7 }, csv: false },
          lifetime: { max_quantity: 60, rate_limit: null, csv: true },
        },
        default_tier: 'lifetime',
        how_to_get_the_lifetime_pass: { server: [expect.stringContaining('--pass TOKEN'), expect.stringContaining('--tier lifetime')] },
      });
    }
  });

  it('is never counted, answers HEAD with the Content-Length of GET, and refuses other methods with 405', async () => {
    const url = await start({ limits: { perMinute: 1 } });
    for (let i = 0; i < 3; i++) expect((await fetch(new URL('/pricing', url))).status).toBe(200);
    const get = await (await fetch(new URL('/pricing', url))).text();
    const head = await fetch(new URL('/pricing', url), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String(Buffer.byteLength(get)), '']);
    const post = await fetch(new URL('/pricing', url), { method: 'POST', body: '{}' });
    expect([post.status, ((await post.json()) as { error: string }).error]).toEqual([405, 'method_not_allowed']);
    expect((await fetch(new URL('/api/v1/generate', url))).status).toBe(200);
  });
});

describe('/favicon.ico', () => {
  it('is a cacheable 204, not a 404 in every browser console', async () => {
    const url = await start();
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(new URL('/favicon.ico', url), { method });
      expect(response.status, method).toBe(204);
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(await response.text()).toBe('');
    }
  });
});
