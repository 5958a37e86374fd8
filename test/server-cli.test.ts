import { afterEach, describe, expect, it } from 'vitest';
import { runServeSync, startServerProcess, type ServerProcess } from './services/server-process.js';

const started: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop('SIGKILL')));
});

async function serve(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(['--port', '0', ...args], env);
  started.push(server);
  return server;
}

const generate = (server: ServerProcess, query = '', init?: RequestInit): Promise<Response> =>
  fetch(new URL(`/api/v1/generate${query}`, server.url), init);

describe('siret-mock serve flags', () => {
  it('prints every flag with its environment variable under --help and exits 0', () => {
    const run = runServeSync(['--help']);
    expect(run.status).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--tier',
      '--pass',
      '--redis',
      '--trust-proxy',
      '--source',
      '--upgrade-url',
      '--seed',
      '--quota-store-failure',
      '--max-connections',
      '--quiet',
    ]) {
      expect(run.stdout).toContain(flag);
    }
    expect(run.stdout).toContain('SIRET_MOCK_QUOTA_STORE_FAILURE');
  });

  it.each([
    [['--port', 'abc'], {}],
    [['--port', '70000'], {}],
    [['--tier', 'gold'], {}],
    [['--bogus'], {}],
    [['--redis', 'http://localhost:6379'], {}],
    [['--trust-proxy', '-1'], {}],
    [['--quota-store-failure', 'maybe'], {}],
    [['--max-connections', '0'], {}],
    [[], { SIRET_MOCK_MAX_CONNECTIONS: 'many' }],
    [['--seed', '1.5'], {}],
    [['--upgrade-url', 'pricing'], {}],
    [['stray-positional'], {}],
    [[], { SIRET_MOCK_PORT: 'eighty' }],
    [[], { SIRET_MOCK_TIER: 'gold' }],
  ] as Array<[string[], Record<string, string>]>)('refuses %j %j with one line on stderr and exit code 2', (args, env) => {
    const run = runServeSync(args, env);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^siret-mock: [^\n]+\n$/);
    expect(run.stdout).toBe('');
  });
});

describe('siret-mock serve', () => {
  it('prints its URL and a curl example, then one access-log line per request on stdout', async () => {
    const server = await serve([]);
    await expect.poll(() => server.stdout()).toContain(`curl -i '${server.url.origin}/api/v1/generate?quantity=5'`);
    const response = await generate(server, '?quantity=3');
    expect(response.status).toBe(200);
    expect((await response.json()).count).toBe(3);
    await fetch(new URL('/nowhere', server.url));
    await expect
      .poll(() =>
        server
          .stdout()
          .split('\n')
          .filter((line) => line.includes('127.0.0.1 "')),
      )
      .toHaveLength(2);
    expect(server.stdout()).toMatch(/127\.0\.0\.1 "GET \/api\/v1\/generate\?quantity=3" 200 [\d.]+ms/);
    expect(server.stdout()).toMatch(/"GET \/nowhere" 404/);
  });

  it('reads settings from SIRET_MOCK_* variables, and a flag wins over its variable', async () => {
    const env = { SIRET_MOCK_TIER: 'lifetime', SIRET_MOCK_PASS: 'alpha, beta', SIRET_MOCK_SOURCE: 'staging-fake', SIRET_MOCK_QUIET: '1' };
    const fromEnv = await serve([], env);
    const lifetime = await generate(fromEnv, '?quantity=100');
    expect(lifetime.status).toBe(200);
    expect((await lifetime.json()).meta.source).toBe('staging-fake');

    const overridden = await serve(['--tier', 'free', '--pass', 'gamma', '--pass', 'delta'], env);
    expect((await generate(overridden, '?quantity=100')).status).toBe(400);
    expect((await generate(overridden, '?quantity=100', { headers: { authorization: 'Bearer delta' } })).status).toBe(200);
    expect((await generate(overridden, '', { headers: { authorization: 'Bearer beta' } })).status).toBe(401);
    // --quiet came from the environment: no access log at all.
    expect(fromEnv.stdout() + overridden.stdout()).not.toMatch(/"GET /);
  });

  it('serves the same records for the same --seed in two runs', async () => {
    const first = await serve(['--seed', '42', '--quiet']);
    const second = await serve(['--seed', '42', '--quiet']);
    const [a, b] = await Promise.all([generate(first).then((r) => r.json()), generate(second).then((r) => r.json())]);
    expect(a.data).toEqual(b.data);
  });

  it('trusts X-Forwarded-For only with --trust-proxy', async () => {
    const server = await serve(['--trust-proxy', '1', '--quiet']);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await generate(server, '', { headers: { 'x-forwarded-for': `192.0.2.${i}` } })).status);
    expect(statuses).toEqual(Array(11).fill(200));
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('on %s stops accepting, closes idle keep-alive connections and exits 0', async (signal) => {
    const server = await serve([]);
    expect((await generate(server)).status).toBe(200); // leaves an idle keep-alive connection in fetch's pool
    const code = await server.stop(signal);
    expect(code).toBe(0);
    expect(server.stdout()).toContain(`${signal} received`);
    expect(server.stdout()).toContain('siret-mock: stopped');
    await expect(fetch(new URL('/healthz', server.url))).rejects.toThrow();
  });
});
