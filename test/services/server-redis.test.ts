import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisProcess } from './redis-process.js';
import { runServeSync, startServerProcess, type ServerProcess } from './server-process.js';

let redisServer: RedisProcess;
let redis: Redis;
const started: ServerProcess[] = [];

beforeAll(async () => {
  redisServer = await startRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop('SIGKILL')));
  if (redisServer) {
    await redisServer.start().catch(() => undefined);
    await redis.flushall().catch(() => undefined);
  }
});
afterAll(async () => {
  redis?.disconnect();
  await redisServer?.stop();
});

async function serve(args: string[]): Promise<ServerProcess> {
  const server = await startServerProcess(['--port', '0', '--quiet', '--redis', redisServer.url, ...args]);
  started.push(server);
  return server;
}

const generate = (server: ServerProcess): Promise<Response> => fetch(new URL('/api/v1/generate', server.url));

async function untilStatus(server: ServerProcess, status: number, withinMs = 15_000): Promise<Response> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const response = await generate(server);
    if (response.status === status || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('several server processes on one Redis', () => {
  it('admit exactly 10 of 50 concurrent requests from one caller between two processes', async () => {
    const [a, b] = await Promise.all([serve([]), serve([])]);
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => generate(i % 2 === 0 ? a : b)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    const remaining = await Promise.all(
      responses.filter((r) => r.status === 200).map(async (r) => (await r.json()).meta.rate_limit_remaining_minute),
    );
    expect(remaining.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('Redis outages', () => {
  it('answer 503 quota_store_unavailable while Redis is down (fail closed) and recover by themselves', async () => {
    const server = await serve([]);
    expect((await generate(server)).status).toBe(200);
    await redisServer.stop();
    const down = await generate(server);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('1');
    expect(await down.json()).toMatchObject({ error: 'quota_store_unavailable', retry_after: 1 });
    for (let i = 0; i < 5; i++) expect((await generate(server)).status).toBe(503);
    await redisServer.start();
    const back = await untilStatus(server, 200);
    expect(back.status).toBe(200);
    // Redis restarted empty: counting starts again from the first request after recovery.
    expect((await back.json()).meta.rate_limit_remaining_minute).toBe(9);
    expect(server.stderr().match(/warning: quota store unreachable/g)).toHaveLength(1);
    await expect.poll(() => server.stderr()).toContain('quota store reachable again');
  });

  it('admit requests uncounted with --quota-store-failure open, logging the outage once, and count again after it', async () => {
    const server = await serve(['--quota-store-failure', 'open']);
    expect((await generate(server)).status).toBe(200);
    await redisServer.stop();
    const statuses = [];
    for (let i = 0; i < 15; i++) statuses.push((await generate(server)).status);
    expect(statuses).toEqual(Array(15).fill(200));
    expect(server.stderr().match(/admitting requests without counting them/g)).toHaveLength(1);
    await redisServer.start();
    await expect
      .poll(async () => (await generate(server)).headers.get('ratelimit'), { timeout: 15_000, interval: 200 })
      .toMatch(/"minute";r=[0-8];/);
    expect(server.stderr()).toContain('quota store reachable again');
  });

  it('start while Redis is down and serve once it comes up', async () => {
    await redisServer.stop();
    const server = await serve([]);
    expect((await generate(server)).status).toBe(503);
    await redisServer.start();
    expect((await untilStatus(server, 200)).status).toBe(200);
  });
});

describe('shutdown with Redis', () => {
  it('exits 1 with one line, without hanging on its Redis connection, when the port is taken', async () => {
    const first = await serve([]);
    const run = runServeSync(['--port', first.url.port, '--redis', redisServer.url]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^siret-mock: .*EADDRINUSE[^\n]*\n$/);
  });

  it('on SIGTERM drains a request waiting on Redis, closes Redis and exits 0', async () => {
    const server = await serve([]);
    expect((await generate(server)).status).toBe(200);
    // Redis holds every command for 600 ms: the next request is in flight inside the quota check.
    await redis.call('CLIENT', 'PAUSE', '600', 'ALL');
    let answered = false;
    const pending = generate(server).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(answered).toBe(false);
    server.child.kill('SIGTERM');
    const response = await pending;
    expect(response.status).toBe(200);
    expect((await response.json()).count).toBe(5);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('siret-mock: stopped');
  });
});

describe('the control endpoints on Redis (--control --redis)', () => {
  const control = (server: ServerProcess, path: string, body?: unknown): Promise<Response> =>
    fetch(new URL(`/__siret-mock/${path}`, server.url), {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  it('reset holds across processes; clock, usage, scenario and audit answer 409 control_unavailable', async () => {
    const [a, b] = await Promise.all([serve(['--control']), serve(['--control'])]);
    for (let i = 0; i < 10; i++) expect((await generate(i % 2 === 0 ? a : b)).status).toBe(200);
    expect((await generate(b)).status).toBe(429);
    expect((await control(a, 'reset')).status).toBe(200);
    expect((await generate(b)).status).toBe(200);
    for (const [path, body] of [
      ['clock', { advance_ms: 61_000 }],
      ['usage', { minute: 10 }],
      ['scenario', { name: 'none' }],
    ] as const) {
      const refused = await control(a, path, body);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: 'control_unavailable' });
    }
    expect((await fetch(new URL('/__siret-mock/audit', a.url))).status).toBe(409);
    // The start banner and the 404 name only what works across processes.
    expect(a.stdout()).toContain(`  control: POST ${a.url.origin}/__siret-mock/reset (loopback callers only)\n`);
    const unknown = (await (await control(a, 'x')).json()) as { message: string };
    expect(unknown.message).toContain('and the control endpoints POST /__siret-mock/reset.');
  });

  it('refuses --usage with --redis at start, with a one-line usage error', () => {
    const result = runServeSync(['--redis', redisServer.url, '--usage', 'minute=7']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--usage needs the memory quota store; leave out --redis');
  });
});
