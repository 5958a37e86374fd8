import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siretMock } from './plugin.js';

// A real Vite dev server (and a preview server) with the plugin, on a free port, answered over real HTTP.
let root: string;
let dev: ViteDevServer;
let devUrl: string;

function originOf(address: AddressInfo | string | null | undefined): string {
  if (!address || typeof address === 'string') throw new Error('server is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'siret-mock-vite-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title><p>the app</p>');
  dev = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [siretMock({ limits: { perMinute: 3 }, source: 'vite-plugin-test' })],
    server: { host: '127.0.0.1', port: 0, strictPort: true, ws: false },
    optimizeDeps: { noDiscovery: true },
  });
  await dev.listen();
  devUrl = originOf(dev.httpServer?.address());
}, 30_000);

afterAll(async () => {
  await dev?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('siretMock() in vite dev', () => {
  it('answers GET /api/v1/generate with five records and the quota headers', async () => {
    const response = await fetch(`${devUrl}/api/v1/generate?seed=42`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('ratelimit-policy')).toBe('"minute";q=3;w=60, "day";q=100;w=86400');
    const body = (await response.json()) as {
      count: number;
      data: { siret: string }[];
      meta: { source: string; rate_limit_remaining_minute: number };
    };
    expect(body.count).toBe(5);
    expect(body.data).toHaveLength(5);
    expect(body.data[0]?.siret).toMatch(/^\d{3} \d{3} \d{3} \d{5}$/);
    expect(body.meta.source).toBe('vite-plugin-test');
    expect(body.meta.rate_limit_remaining_minute).toBe(2);
  });

  it('keeps one quota across requests and answers 429 once the minute allowance is spent', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) last = await fetch(`${devUrl}/api/v1/generate?quantity=1`);
    expect(last?.status).toBe(429);
    const body = (await last?.json()) as { error: string; message: string; retry_after: number };
    expect(body.error).toBe('rate_limit_exceeded');
    expect(body.message).toBe('Too many requests. Limit: 3 per minute.');
    expect(body.retry_after).toBeGreaterThanOrEqual(1);
    expect(Number(last?.headers.get('retry-after'))).toBe(body.retry_after);
  });

  it('answers other /api/v1/ paths itself with a JSON 404 naming only the paths it serves', async () => {
    const response = await fetch(`${devUrl}/api/v1/nothing-here`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('not_found');
    expect(body.message).toContain('/api/v1/generate');
    expect(body.message).toContain('/api/v1/openapi.json');
    // The plugin never sees /healthz (Vite answers it), so its 404 must not send anyone there.
    expect(body.message).not.toContain('/healthz');
    expect((await fetch(`${devUrl}/api/v1/openapi.json`)).status).toBe(200);
  });

  it('leaves every other path to Vite', async () => {
    const response = await fetch(`${devUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('the app');
  });
});

describe('siretMock() in vite preview', () => {
  let server: PreviewServer;
  afterAll(async () => {
    await server?.close();
  });

  it('answers the API beside the built files', async () => {
    server = await preview({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [siretMock({ tier: 'lifetime' })],
      build: { outDir: root },
      preview: { host: '127.0.0.1', port: 0, strictPort: true },
    });
    const url = originOf(server.httpServer.address());
    const response = await fetch(`${url}/api/v1/generate?quantity=100&format=csv`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split('\r\n')[0]).toBe('siret,siren,company,street_address,city,postcode');
    expect(text.trimEnd().split('\r\n')).toHaveLength(101);
    expect((await fetch(`${url}/`)).status).toBe(200);
  });
});

describe('siretMock({ control: true }) in vite dev', () => {
  let server: ViteDevServer;
  afterAll(async () => {
    await server?.close();
  });

  it('serves the control endpoints to loopback callers too, as the server does', async () => {
    server = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [siretMock({ control: true })],
      server: { host: '127.0.0.1', port: 0, strictPort: true, ws: false },
      optimizeDeps: { noDiscovery: true },
    });
    await server.listen();
    const url = originOf(server.httpServer?.address());
    // As the app's own page sends it: the dev server's origin, a JSON body.
    const json = { 'content-type': 'application/json', origin: url };
    const set = await fetch(`${url}/__siret-mock/usage`, { method: 'POST', headers: json, body: JSON.stringify({ minute: 10 }) });
    expect(set.status).toBe(200);
    const page = { 'content-type': 'application/json', origin: 'https://evil.example' };
    const foreign = await fetch(`${url}/__siret-mock/usage`, { method: 'POST', headers: page, body: '{"minute":0}' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${url}/api/v1/generate`)).status).toBe(429);
    expect((await fetch(`${url}/__siret-mock/reset`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${url}/api/v1/generate`)).status).toBe(200);
    // Without control (the first server), the path is the app's: the plugin leaves it to Vite.
    const other = await fetch(`${devUrl}/__siret-mock/reset`, { method: 'POST' });
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toBeNull(); // Vite's own bare 404, not the service's JSON
  });
});
