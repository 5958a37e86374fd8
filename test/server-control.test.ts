// The control endpoints, drills and quota flags of the real server over HTTP, as an e2e suite drives them; the flags as the
// CLI reads them. Redis: test/services/server-redis.test.ts.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../src/node/commands/serve-flags.js';
import { createSiretServer, type SiretServer, type SiretServerOptions } from '../src/node/index.js';

const running: SiretServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: SiretServerOptions): Promise<URL> {
  const server = createSiretServer({ demoDir: false, ...options });
  running.push(server);
  return server.listen(0, '127.0.0.1');
}

const post = (base: URL, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(new URL(`/__siret-mock/${path}`, base), {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A POST with headers fetch will not send as given (Host), over node:http: status, headers and JSON body. */
function rawPost(base: URL, path: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: { error?: string; message?: string } }>(
    (resolve, reject) => {
      const req = httpRequest(new URL(`/__siret-mock/${path}`, base), { method: 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as { error?: string } }));
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}
const generate = (base: URL, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(new URL('/api/v1/generate?quantity=1', base), { headers });

describe('siret-mock serve --control', () => {
  it('lets an e2e suite reset, move the clock, set the quota and force scenarios, without waiting', async () => {
    const base = await start({ control: true });
    expect((await post(base, 'usage', { minute: 10 })).status).toBe(200);
    expect((await generate(base)).status).toBe(429);
    expect((await post(base, 'clock', { advance_ms: 61_000 })).status).toBe(200);
    expect((await generate(base)).status).toBe(200);
    await post(base, 'scenario', { name: 'serverError', times: 1 });
    expect((await generate(base)).status).toBe(500);
    expect((await generate(base)).status).toBe(200);
    await post(base, 'scenario', { name: 'networkError' });
    await expect(generate(base)).rejects.toThrow(TypeError);
    expect((await generate(base)).status).toBe(200);
    const audit = (await (await fetch(new URL('/__siret-mock/audit', base))).json()) as { requests: Array<{ caller: string }> };
    expect(audit.requests.map((request) => request.caller)).toContain('127.0.0.1');
    expect((await post(base, 'reset')).status).toBe(200);
    const fresh = (await (await generate(base)).json()) as { meta: { rate_limit_remaining_day: number } };
    expect(fresh.meta.rate_limit_remaining_day).toBe(99);
  });

  it("refuses what a web page in the developer's browser can send: another origin, a rebound name, a text/plain body", async () => {
    const base = await start({ control: true });
    const forced = '{"name":"networkError","times":null}';
    const attack = await rawPost(base, 'scenario', forced, {
      'content-type': 'text/plain',
      origin: 'https://evil.example',
      host: 'evil.example',
    });
    expect(attack.status).toBe(403);
    expect(attack.body.error).toBe('control_forbidden');
    expect(Object.keys(attack.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    // Each defence on its own: a page on another origin, DNS rebinding (Host names the page), a body that is not JSON.
    const json = { 'content-type': 'application/json' };
    expect((await rawPost(base, 'scenario', forced, { ...json, origin: 'http://evil.example' })).status).toBe(403);
    const rebound = await rawPost(base, 'scenario', forced, {
      ...json,
      host: `evil.example:${base.port}`,
      origin: `http://evil.example:${base.port}`,
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body.message).toContain(`evil.example:${base.port}`);
    const plain = await rawPost(base, 'scenario', forced, { 'content-type': 'text/plain' });
    expect(plain).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    const preflight = await fetch(new URL('/__siret-mock/scenario', base), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect([...preflight.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect((await generate(base)).status).toBe(200);
    // The server's own page (the same origin) and a script or curl (no Origin) are served.
    expect((await post(base, 'scenario', { name: 'serverError' }, { origin: base.origin })).status).toBe(200);
    expect((await generate(base)).status).toBe(500);
    expect((await post(base, 'reset', undefined, { host: `localhost:${base.port}` })).status).toBe(200);
  });

  it('decides loopback by the connection, never by X-Forwarded-For: a proxied request is refused', async () => {
    const base = await start({ control: true, trustProxy: 1 });
    for (const forwarded of ['192.0.2.7', '::ffff:0:10.0.0.1', '0:0:0:ff::1', '::1.2.3.4', '127.0.0.1', '::1']) {
      const refused = await post(base, 'reset', undefined, { 'x-forwarded-for': forwarded });
      expect(refused.status, forwarded).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'control_forbidden' });
    }
    expect((await post(base, 'reset')).status).toBe(200);
  });

  it('keeps the clock within 1970..9999 however many ten-year moves add up, and generate keeps answering', async () => {
    const base = await start({ control: true });
    // From the range's last century, a few moves reach its end: the bound is on the sum, however it was reached.
    expect((await post(base, 'clock', { set: '9950-01-01T00:00:00Z' })).status).toBe(200);
    let answer = await post(base, 'clock', { advance_ms: 315_000_000_000 });
    for (let i = 0; i < 1000 && answer.status === 200; i++) answer = await post(base, 'clock', { advance_ms: 315_000_000_000 });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_control_request' });
    const body = (await (await generate(base)).json()) as { meta: { generated_at: string } };
    expect(body.meta.generated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect((await post(base, 'clock', { set: '1900-01-01T00:00:00Z' })).status).toBe(400);
  });

  it('does not audit requests on the lifetime pass: they owe no wait to a free-tier 429', async () => {
    const base = await start({ control: true, passes: ['control-test-pass'], usage: { minute: 10 } });
    expect((await generate(base)).status).toBe(429);
    const pass = { authorization: 'Bearer control-test-pass' };
    expect((await generate(base, pass)).status).toBe(200);
    expect((await fetch(new URL('/api/v1/generate?format=csv', base), { headers: pass })).status).toBe(200);
    let audit = (await (await fetch(new URL('/__siret-mock/audit', base))).json()) as { requests: unknown[]; violations: unknown[] };
    expect(audit).toMatchObject({ requests: [{ status: 429 }], violations: [] });
    expect((await generate(base)).status).toBe(429);
    audit = (await (await fetch(new URL('/__siret-mock/audit', base))).json()) as typeof audit;
    expect(audit.violations).toMatchObject([{ kind: 'early-retry' }]);
  });

  it('names the control endpoints in the 404 of an unknown control path', async () => {
    const base = await start({ control: true });
    const response = await post(base, 'x');
    expect(response.status).toBe(404);
    const { message } = (await response.json()) as { message: string };
    expect(message).toContain('/api/v1/generate');
    expect(message).toContain(
      'POST /__siret-mock/reset, /__siret-mock/clock, /__siret-mock/usage, /__siret-mock/scenario; GET /__siret-mock/audit',
    );
  });

  it('with a token requires the Bearer token from every caller', async () => {
    const base = await start({ control: true, controlToken: 'e2e-control-token' });
    expect((await post(base, 'reset')).status).toBe(401);
    expect((await post(base, 'reset', undefined, { authorization: 'Bearer e2e-control-token' })).status).toBe(200);
  });

  it('logs nothing when a client goes away in the middle of a body: an abort is not an internal error', async () => {
    const lines: string[] = [];
    let exchangeOver = (): void => undefined;
    const over = new Promise<void>((resolve) => (exchangeOver = resolve));
    const base = await start({ control: true, log: (line) => lines.push(line), onAccess: () => exchangeOver() });
    const socket = connect(Number(base.port), '127.0.0.1');
    socket.on('error', () => undefined);
    // Once the server has the request, the client leaves with its body unsent.
    running.at(-1)?.server.once('request', () => socket.destroy());
    socket.write(
      'POST /__siret-mock/scenario HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    );
    await over;
    // Another exchange after it: whatever the aborted one was going to log has been logged by then.
    expect((await generate(base)).status).toBe(200);
    expect(lines).toEqual([]);
  });

  it('is a 404 without --control', async () => {
    const base = await start({});
    const response = await post(base, 'reset');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('siret-mock serve --delay and --fail-rate', () => {
  it('holds /api/v1/generate answers for the delay, leaving /healthz alone', async () => {
    const base = await start({ delay: 600_000 });
    let answered = false;
    const generating = generate(base).then(
      () => (answered = true),
      () => undefined,
    );
    expect((await fetch(new URL('/healthz', base))).status).toBe(200);
    expect(answered).toBe(false);
    // A client going away only half-closes, which the server takes as waiting for its answer: cut it from the server side.
    await Promise.all(running.splice(0).map((server) => server.close(true)));
    await generating;
    expect(answered).toBe(false);
  });

  it('fails the share of /api/v1/generate answers asked, leaving /healthz alone', async () => {
    const base = await start({ failRate: 1 });
    const response = await generate(base);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: 'internal_error' });
    expect((await fetch(new URL('/healthz', base))).status).toBe(200);
  });
});

describe('the rate-limit testing flags', () => {
  it('read flags and environment twins into server options', () => {
    const { server } = parseServeArgs(
      ['--usage', 'minute=7,day=93', '--rate-limit-headers', 'both', '--control', '--delay', '100-500', '--fail-rate', '0.1'],
      { SIRET_MOCK_RETRY_AFTER: 'http-date', SIRET_MOCK_CONTROL_TOKEN: 'env-control-token' },
    );
    expect(server).toMatchObject({
      usage: { minute: 7, day: 93 },
      rateLimitHeaders: 'both',
      retryAfter: 'http-date',
      control: true,
      controlToken: 'env-control-token',
      delay: [100, 500],
      failRate: 0.1,
    });
    expect(parseServeArgs([], { SIRET_MOCK_CONTROL: '1', SIRET_MOCK_DELAY: '250' }).server).toMatchObject({ control: true, delay: 250 });
  });

  it.each([
    [['--usage', 'minute:7'], '--usage must be minute=N, day=N or both (minute=7,day=93), got "minute:7"'],
    [['--rate-limit-headers', 'github'], '--rate-limit-headers must be one of draft, x-ratelimit, both, got "github"'],
    [['--retry-after', 'ms'], '--retry-after must be one of seconds, http-date, got "ms"'],
    [['--control-token', 'long-enough-token'], '--control-token needs --control'],
    [['--control', '--control-token', 'short'], '--control-token must be at least 8 visible ASCII characters'],
    [
      ['--delay', '500-100'],
      '--delay must be whole milliseconds from 0 to 600000, or a range [min, max] of them with min <= max, got "500-100"',
    ],
    [['--fail-rate', '2'], '--fail-rate must be a number from 0 to 1, got "2"'],
  ])('refuses %j with one line', (argv, message) => {
    expect(() => parseServeArgs(argv, {})).toThrow(message);
  });

  it("refuses a usage the limits do not allow with the app's own error, before the server is made", () => {
    expect(() => parseServeArgs(['--usage', 'minute=11'], {})).toThrow(
      '--usage: usage.minute must be a whole number from 0 to 10 (limits.perMinute), got 11',
    );
  });
});
