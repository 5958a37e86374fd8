// The control endpoints, drills and quota flags of the real server over HTTP, as an e2e suite drives them; the flags as the
// CLI reads them. Redis: test/services/server-redis.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../src/node/serve-command.js';
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
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
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

  it('refuses a caller that is not on loopback (here through a trusted proxy) with 403 control_forbidden', async () => {
    const base = await start({ control: true, trustProxy: 1 });
    const refused = await post(base, 'reset', undefined, { 'x-forwarded-for': '192.0.2.7' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'control_forbidden' });
    expect((await post(base, 'reset', undefined, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });

  it('with a token requires the Bearer token from every caller', async () => {
    const base = await start({ control: true, controlToken: 'e2e-control-token' });
    expect((await post(base, 'reset')).status).toBe(401);
    expect((await post(base, 'reset', undefined, { authorization: 'Bearer e2e-control-token' })).status).toBe(200);
  });

  it('is a 404 without --control', async () => {
    const base = await start({});
    const response = await post(base, 'reset');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('siret-mock serve --delay and --fail-rate', () => {
  it('delays /api/v1/generate answers and fails the share asked, leaving /healthz alone', async () => {
    const base = await start({ delay: 120, failRate: 1 });
    const started = performance.now();
    const response = await generate(base);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
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
    [['--usage', 'minute:7'], '--usage must look like minute=7,day=93, got "minute:7"'],
    [['--rate-limit-headers', 'github'], '--rate-limit-headers must be draft or x-ratelimit or both, got "github"'],
    [['--retry-after', 'ms'], '--retry-after must be seconds or http-date, got "ms"'],
    [['--control-token', 'long-enough-token'], '--control-token needs --control'],
    [['--control', '--control-token', 'short'], '--control-token must be at least 8 visible ASCII characters'],
    [['--delay', '500-100'], '--delay must be milliseconds (250) or a range (100-500), 0 to 600000, got "500-100"'],
    [['--fail-rate', '2'], '--fail-rate must be a number from 0 to 1, got "2"'],
  ])('refuses %j with one line', (argv, message) => {
    expect(() => parseServeArgs(argv, {})).toThrow(message);
  });

  it('refuses a usage the limits do not allow with the option error when the server is made', () => {
    const { server } = parseServeArgs(['--usage', 'minute=11'], {});
    expect(() => createSiretServer({ ...server, demoDir: false })).toThrow(
      'usage.minute must be a whole number from 0 to 10 (limits.perMinute), got 11',
    );
  });
});
