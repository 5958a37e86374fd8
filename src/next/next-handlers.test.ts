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

  it('points the upgrade link of a 429 at the pricing page it serves itself, under the API prefix', async () => {
    const siret = createNextHandlers({ limits: { perMinute: 1 } });
    await siret.GET(from('192.0.2.9'));
    const { upgrade } = (await (await siret.GET(from('192.0.2.9'))).json()) as { upgrade: string };
    expect(upgrade).toBe('http://localhost:3000/api/v1/pricing');
    const page = await siret.GET(new Request(upgrade, { headers: { accept: 'text/html' } }));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Tiers of this mock</h1>');
  });

  it('answers paths it does not serve with a JSON 404 that names only the paths under the API prefix', async () => {
    const siret = createNextHandlers();
    for (const path of ['/api/v1/companies', '/healthz', '/pricing']) {
      const response = await siret.GET(new Request(`http://localhost:3000${path}`));
      expect(response.status).toBe(404);
      const { error, message } = (await response.json()) as { error: string; message: string };
      expect(error).toBe('not_found');
      expect(message).toContain('/api/v1/generate and /api/v1/openapi.json');
      expect(message).not.toContain('/healthz');
    }
    const head = await siret.HEAD(new Request('http://localhost:3000/api/v1/companies', { method: 'HEAD' }));
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
  });
});
