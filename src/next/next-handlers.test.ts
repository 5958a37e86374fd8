import { describe, expect, it } from 'vitest';
import { createNextHandlers } from './next-handlers.js';

const url = 'http://localhost:3000/api/v1/generate?quantity=1';
const from = (address: string | undefined, init: RequestInit = {}): Request =>
  new Request(url, { ...init, headers: address === undefined ? {} : { 'x-forwarded-for': address } });
const remaining = async (response: Response): Promise<number> =>
  ((await response.json()) as { meta: { rate_limit_remaining_minute: number } }).meta.rate_limit_remaining_minute;

describe('createNextHandlers', () => {
  it('exports every method a Next.js route module may, each answered by the service', async () => {
    const siret = createNextHandlers();
    expect((await siret.GET(from('192.0.2.1'))).status).toBe(200);
    expect((await siret.HEAD(from('192.0.2.1', { method: 'HEAD' }))).status).toBe(200);
    expect((await siret.OPTIONS(from('192.0.2.1', { method: 'OPTIONS' }))).status).toBe(204);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await siret[method](from('192.0.2.1', { method }));
      expect(response.status).toBe(405);
      expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
    }
  });

  it('counts each client by the last X-Forwarded-For entry, as next start or a proxy in front sets it', async () => {
    const siret = createNextHandlers({ limits: { perMinute: 2 } });
    expect(await remaining(await siret.GET(from('198.51.100.7')))).toBe(1);
    expect(await remaining(await siret.GET(from('203.0.113.99, 198.51.100.7')))).toBe(0);
    expect((await siret.GET(from('::ffff:198.51.100.7'))).status).toBe(429);
    expect(await remaining(await siret.GET(from('198.51.100.8')))).toBe(1);
  });

  it('counts IPv6 clients by their /56, like the server', async () => {
    const siret = createNextHandlers({ limits: { perMinute: 2 } });
    await siret.GET(from('2001:db8:ab:cd12::1'));
    expect(await remaining(await siret.GET(from('2001:db8:ab:cdff::2')))).toBe(0);
  });

  it('counts calls without the header (server code of the app) as one caller', async () => {
    const siret = createNextHandlers({ limits: { perMinute: 2 } });
    expect(await remaining(await siret.fetch(from(undefined)))).toBe(1);
    expect(await remaining(await siret.fetch(from(undefined)))).toBe(0);
    expect(await remaining(await siret.GET(from('192.0.2.50')))).toBe(1);
  });

  it('points the upgrade link of a 429 at the pricing page on the generate path, which a route file for that path alone gets', async () => {
    const siret = createNextHandlers({ limits: { perMinute: 1 } });
    await siret.GET(from('192.0.2.9'));
    const { upgrade } = (await (await siret.GET(from('192.0.2.9'))).json()) as { upgrade: string };
    expect(upgrade).toBe('http://localhost:3000/api/v1/generate?pricing');
    // `?pricing=` is how Next.js hands the link's query to the route.
    for (const link of [upgrade, `${upgrade}=`, 'http://localhost:3000/api/v1/pricing']) {
      const page = await siret.GET(new Request(link, { headers: { accept: 'text/html' } }));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1>Tiers of this mock</h1>');
    }
    const head = await siret.HEAD(new Request(upgrade, { method: 'HEAD' }));
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'application/json', '']);
  });

  it('answers the OpenAPI document on the generate path with ?openapi, and never counts either page', async () => {
    const siret = createNextHandlers({ limits: { perMinute: 1 } });
    const document = await siret.GET(
      new Request('http://localhost:3000/api/v1/generate?openapi', { headers: { 'x-forwarded-for': '192.0.2.10' } }),
    );
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
    await siret.GET(new Request('http://localhost:3000/api/v1/generate?pricing', { headers: { 'x-forwarded-for': '192.0.2.10' } }));
    expect(await remaining(await siret.GET(from('192.0.2.10')))).toBe(0);
    // Any other query is the generate path's own: ?pricing=1 is an ignored parameter.
    expect(
      (await siret.GET(new Request('http://localhost:3000/api/v1/generate?pricing=1', { headers: { 'x-forwarded-for': '192.0.2.10' } })))
        .status,
    ).toBe(429);
  });

  it('answers the lookups on their own paths, counted with generate, as the catch-all or a route file of their own hands them over', async () => {
    const siret = createNextHandlers({ limits: { perMinute: 3 } });
    const lookup = (path: string): Promise<Response> =>
      siret.GET(new Request(`http://localhost:3000/api/v1/${path}`, { headers: { 'x-forwarded-for': '192.0.2.12' } }));
    const unit = (await (await lookup('siren/732829320')).json()) as { data: Array<{ siret: string }> };
    const establishment = (await (await lookup(`siret/${encodeURIComponent(unit.data[0]?.siret ?? '')}`)).json()) as { data: unknown };
    expect(establishment.data).toEqual(unit.data[0]);
    expect(await remaining(await siret.GET(from('192.0.2.12')))).toBe(0);
    expect((await lookup('siren/732829320')).status).toBe(429);
  });

  it('keeps a configured upgrade link', async () => {
    const siret = createNextHandlers({ limits: { perMinute: 1 }, upgradeUrl: 'https://example.test/plans' });
    await siret.GET(from('192.0.2.11'));
    expect(((await (await siret.GET(from('192.0.2.11'))).json()) as { upgrade: string }).upgrade).toBe('https://example.test/plans');
  });

  it('answers paths it does not serve with a JSON 404 that names only the paths under the API prefix', async () => {
    const siret = createNextHandlers();
    for (const path of ['/api/v1/companies', '/healthz', '/pricing']) {
      const response = await siret.GET(new Request(`http://localhost:3000${path}`));
      expect(response.status).toBe(404);
      const { error, message } = (await response.json()) as { error: string; message: string };
      expect(error).toBe('not_found');
      expect(message).toContain('/api/v1/generate, /api/v1/siret/{siret}, /api/v1/siren/{siren} and /api/v1/openapi.json');
      expect(message).not.toContain('/healthz');
    }
    const head = await siret.HEAD(new Request('http://localhost:3000/api/v1/companies', { method: 'HEAD' }));
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
  });
});
