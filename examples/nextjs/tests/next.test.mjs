// `next start` on the app built by `npm test` (`next build` first), answered over real HTTP: the route handler of
// app/api/v1/[...path]/route.ts and the server component of app/page.tsx, with siret-mock from the tarball.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { after, before, test } from 'node:test';

/** @returns {Promise<number>} a free loopback port */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
/** @type {import('node:child_process').ChildProcess} */
let next;

before(async () => {
  next = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  for (let waited = 0; ; waited += 200) {
    if (
      await fetch(`${origin}/api/v1/openapi.json`).then(
        () => true,
        () => false,
      )
    )
      return;
    if (waited > 30_000 || next.exitCode !== null) throw new Error('next start did not answer within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
after(() => next?.kill());

/** A request from one client, as a proxy in front of `next start` would name it. */
const from = (address, path = '/api/v1/generate?quantity=2', init = {}) =>
  fetch(`${origin}${path}`, { ...init, headers: { 'x-forwarded-for': address, ...init.headers } });

test('the route handler answers GET with records and the free-tier headers', async () => {
  const response = await from('203.0.113.10');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('ratelimit-policy'), '"minute";q=10;w=60, "day";q=100;w=86400');
  const body = await response.json();
  assert.equal(body.count, 2);
  assert.match(body.data[0].siret, /^\d{3} \d{3} \d{3} \d{5}$/);
  assert.equal(body.meta.rate_limit_remaining_minute, 9);
});

test('each client address has its own quota: the 11th call of one is a 429, another is still served', async () => {
  for (let call = 1; call <= 10; call++) assert.equal((await from('203.0.113.20')).status, 200);
  const limited = await from('203.0.113.20');
  assert.equal(limited.status, 429);
  const error = await limited.json();
  assert.equal(error.message, 'Too many requests. Limit: 10 per minute.');
  assert.equal(limited.headers.get('retry-after'), String(error.retry_after));
  assert.equal((await from('203.0.113.21')).status, 200);
  // The upgrade link points at a page the route serves, not at a /pricing the app does not have. Its host is the one
  // Next.js gives the route's request.url (its own host name, localhost unless configured), not the client's Host.
  const upgrade = new URL(error.upgrade);
  assert.equal(upgrade.pathname, '/api/v1/pricing');
  const pricing = await fetch(`${origin}${upgrade.pathname}`, { headers: { accept: 'text/html' } });
  assert.equal(pricing.status, 200);
  assert.match(await pricing.text(), /<h1>Tiers of this mock<\/h1>/);
});

test('a client with no X-Forwarded-For is counted by the address next start sees, its socket address', async () => {
  const remaining = async (headers = {}) =>
    (await (await fetch(`${origin}/api/v1/generate?quantity=1`, { headers })).json()).meta.rate_limit_remaining_minute;
  assert.equal(await remaining(), 9);
  assert.equal(await remaining(), 8);
  // next start fills X-Forwarded-For with the socket's address: 127.0.0.1 is the caller above.
  assert.equal(await remaining({ 'x-forwarded-for': '127.0.0.1' }), 7);
});

test("other methods and paths get the service's JSON, not Next's empty 405 or its HTML 404", async () => {
  const post = await from('203.0.113.30', '/api/v1/generate', { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
  assert.equal((await post.json()).error, 'method_not_allowed');

  const missing = await from('203.0.113.30', '/api/v1/companies');
  assert.equal(missing.status, 404);
  const { error, message } = await missing.json();
  assert.equal(error, 'not_found');
  assert.match(message, /\/api\/v1\/generate and \/api\/v1\/openapi\.json/);
  assert.doesNotMatch(message, /healthz/); // the app's catch-all serves no /healthz

  const preflight = await from('203.0.113.30', '/api/v1/generate', {
    method: 'OPTIONS',
    headers: { origin: 'https://app.example.test', 'access-control-request-method': 'GET' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');

  const head = await from('203.0.113.30', '/api/v1/generate', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
});

test('the server component renders records it fetched in-process, and the 429 once the server spent its 10 calls', async () => {
  const render = async () => (await fetch(origin)).text();
  const first = await render();
  assert.equal(first.match(/<li>[^<]+, SIRET \d{3} \d{3} \d{3} \d{5}<\/li>/g)?.length, 3);
  for (let call = 2; call <= 10; call++) assert.match(await render(), /<li>/);
  // The renders count against one caller, the server, whoever visits: the 11th render in the minute shows the 429.
  assert.match(await render(), /<p role="alert">429: Too many requests. Limit: 10 per minute.<\/p>/);
});
