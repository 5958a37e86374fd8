// `next start` on the two apps built by `npm test` (`next build` and `next build one-route` first), answered over real HTTP,
// with siret-mock from the tarball: this app, the catch-all app/api/v1/[...path]/route.ts and the server component of
// app/page.tsx; and one-route/, the layout a user tries first, with app/api/v1/generate/route.ts and a route file for the
// SIRET lookup.
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

/** @type {import('node:child_process').ChildProcess[]} */
const servers = [];

/**
 * Starts `next start` on the app in `dir` and resolves its origin once it says it is ready (it listens by then).
 * @param {string} dir
 * @returns {Promise<string>}
 */
async function startNext(dir) {
  const port = await freePort();
  const next = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', dir, '--port', String(port), '--hostname', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } },
  );
  servers.push(next);
  let said = '';
  return new Promise((resolve, reject) => {
    next.once('exit', (code) => reject(new Error(`next start ${dir} exited with ${code}`)));
    next.stdout?.on('data', (chunk) => {
      process.stdout.write(chunk);
      said += chunk;
      if (said.includes('Ready in')) resolve(`http://127.0.0.1:${port}`);
    });
  });
}

let origin = '';
let oneRoute = '';
before(async () => {
  [origin, oneRoute] = await Promise.all([startNext('.'), startNext('one-route')]);
});
after(() => {
  for (const next of servers) next.kill();
});

/** A request from one client, as a proxy in front of `next start` would name it, to this app or to `app`. */
const from = (address, path = '/api/v1/generate?quantity=2', init = {}, app = origin) =>
  fetch(`${app}${path}`, { ...init, headers: { 'x-forwarded-for': address, ...init.headers } });

/**
 * Spends a client's minute on `app` and returns the 429's body, after checking that its `upgrade` link answers 200 with
 * the pricing page: the link's path is the app's own, its host the one Next.js gives the route's request.url (its own host
 * name, localhost unless configured), not the client's Host.
 * @param {string} app
 * @param {string} address
 */
async function expectUpgradeLinkServed(app, address) {
  for (let call = 1; call <= 10; call++) assert.equal((await from(address, undefined, {}, app)).status, 200);
  const limited = await from(address, undefined, {}, app);
  assert.equal(limited.status, 429);
  const error = await limited.json();
  const upgrade = new URL(error.upgrade);
  const pricing = await fetch(`${app}${upgrade.pathname}${upgrade.search}`, { headers: { accept: 'text/html' } });
  assert.equal(pricing.status, 200, `${error.upgrade} answers ${pricing.status}`);
  assert.match(await pricing.text(), /<h1>Tiers of this mock<\/h1>/);
  return { limited, error };
}

test('the route handler answers GET with records and the free-tier headers', async () => {
  const response = await from('203.0.113.10');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('ratelimit-policy'), '"minute";q=10;w=60, "day";q=100;w=86400');
  const body = await response.json();
  assert.equal(body.count, 2);
  assert.match(body.data[0].siret, /^\d{3} \d{3} \d{3} \d{5}$/);
  assert.equal(body.meta.rate_limit_remaining_minute, 9);
});

test('each client address has its own quota: the 11th call of one is a 429 whose upgrade link answers, another is still served', async () => {
  const { limited, error } = await expectUpgradeLinkServed(origin, '203.0.113.20');
  assert.equal(error.message, 'Too many requests. Limit: 10 per minute.');
  assert.equal(limited.headers.get('retry-after'), String(error.retry_after));
  assert.equal((await from('203.0.113.21')).status, 200);
});

test('the catch-all serves the OpenAPI document at /api/v1/openapi.json', async () => {
  const response = await fetch(`${origin}/api/v1/openapi.json`);
  assert.equal(response.status, 200);
  assert.equal((await response.json()).openapi, '3.1.0');
});

test('the catch-all answers the lookups: a SIREN lists its establishments, a SIRET gives one, on the quota of generate', async () => {
  const unit = await from('203.0.113.50', '/api/v1/siren/732829320');
  assert.equal(unit.status, 200);
  const { data } = await unit.json();
  const establishment = await from('203.0.113.50', `/api/v1/siret/${encodeURIComponent(data[0].siret)}`);
  assert.deepEqual((await establishment.json()).data, data[0]);
  assert.equal((await (await from('203.0.113.50')).json()).meta.rate_limit_remaining_minute, 7);
  const invalid = await from('203.0.113.50', '/api/v1/siret/732829320');
  assert.equal(invalid.status, 400);
  assert.equal((await invalid.json()).reason, 'length');
});

test('one route file per path: app/api/v1/siret/[siret]/route.ts answers the SIRET lookup, with a quota of its own', async () => {
  for (let call = 1; call <= 10; call++) assert.equal((await from('203.0.113.60', undefined, {}, oneRoute)).status, 200);
  assert.equal((await from('203.0.113.60', undefined, {}, oneRoute)).status, 429);
  const lookup = await from('203.0.113.60', '/api/v1/siret/732%20829%20320%2000017', {}, oneRoute);
  assert.equal(lookup.status, 200);
  assert.equal((await lookup.json()).meta.rate_limit_remaining_minute, 9);
  // No route file for /api/v1/siren/: the app's 404.
  assert.equal((await fetch(`${oneRoute}/api/v1/siren/732829320`)).status, 404);
});

test('one route file, app/api/v1/generate/route.ts: records, and a 429 whose upgrade link that route answers', async () => {
  const response = await from('203.0.113.40', undefined, {}, oneRoute);
  assert.equal(response.status, 200);
  assert.equal((await response.json()).meta.rate_limit_remaining_minute, 9);
  await expectUpgradeLinkServed(oneRoute, '203.0.113.41');
});

test("one route file: the OpenAPI document is on the route's own path, with ?openapi; /api/v1/openapi.json is not routed to it", async () => {
  const response = await fetch(`${oneRoute}/api/v1/generate?openapi`);
  assert.equal(response.status, 200);
  assert.equal((await response.json()).openapi, '3.1.0');
  // Next.js routes only the route file's own path to it: the document's usual path is the app's 404.
  assert.equal((await fetch(`${oneRoute}/api/v1/openapi.json`)).status, 404);
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
  assert.match(message, /\/api\/v1\/generate, \/api\/v1\/siret\/\{siret\}, \/api\/v1\/siren\/\{siren\} and \/api\/v1\/openapi\.json/);
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
