import { afterEach, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../../src/node/server/index.js';
import { startRedis, type RedisProcess } from './redis-process.js';

// Quota keys carry a TTL: noeviction and the volatile-* policies keep them until their windows end, an allkeys-* policy may
// evict them and hand their callers a fresh allowance. The server says so once at start when it can read the policy.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startWith(args: string[]): Promise<{ lines: string[]; url: URL; server: SiretServer }> {
  const redis: RedisProcess = await startRedis(args);
  cleanups.push(() => redis.stop());
  const lines: string[] = [];
  const server = createSiretServer({ redis: redis.url, demoDir: false, log: (line) => lines.push(line) });
  cleanups.push(() => server.close());
  const url = await server.listen(0, '127.0.0.1');
  return { lines, url, server };
}

describe("Redis's maxmemory-policy", () => {
  it.each(['allkeys-lru', 'allkeys-lfu', 'allkeys-random'])('%s: one warning at start, naming the policies to use', async (policy) => {
    const { lines, url } = await startWith(['--maxmemory-policy', policy]);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toContain(`maxmemory-policy is ${policy}`);
    expect(lines[0]).toContain('noeviction or a volatile-* policy');
    for (let i = 0; i < 3; i++) expect((await fetch(new URL('/api/v1/generate', url))).status).toBe(200);
    expect(lines).toHaveLength(1);
  });

  it.each(['noeviction', 'volatile-lru', 'volatile-ttl'])('%s: no warning', async (policy) => {
    const { lines, url } = await startWith(['--maxmemory-policy', policy]);
    expect((await fetch(new URL('/api/v1/generate', url))).status).toBe(200);
    expect(lines).toEqual([]);
  });

  it('says nothing and serves normally when CONFIG is disabled', async () => {
    const { lines, url } = await startWith(['--maxmemory-policy', 'allkeys-lru', '--rename-command', 'CONFIG', '']);
    expect((await fetch(new URL('/api/v1/generate', url))).status).toBe(200);
    expect(lines).toEqual([]);
  });
});
