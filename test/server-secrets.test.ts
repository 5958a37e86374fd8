import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './services/redis-process.js';
import { runServeSync, startServerProcess, type ServerProcess } from './services/server-process.js';

// No secret in any output of `siret-mock serve`: Redis passwords (user:pass@, :pass@, a bare user-info, ?password=) are
// masked on start, in usage errors and in outage warnings, valid URL or not; pass tokens never reach the access log.

const SECRET = 'Sup3rS3cret';
const started: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop('SIGKILL')));
});

describe('Redis passwords', () => {
  it.each([
    (port: number) => `redis://app:${SECRET}@127.0.0.1:${port}/0`,
    (port: number) => `redis://:${SECRET}@127.0.0.1:${port}`,
    (port: number) => `redis://127.0.0.1:${port}/0?password=${SECRET}`,
    (port: number) => `redis://app:${SECRET}@127.0.0.1:${port}/0?password=${SECRET}`,
  ])('never appear on stdout or stderr of a server whose Redis is down (%#)', async (urlFor) => {
    // Nobody listens there: the outage warning is printed too, and must not carry the password either.
    const server = await startServerProcess(['--port', '0', '--redis', urlFor(await freePort())]);
    started.push(server);
    expect((await fetch(new URL('/api/v1/generate', server.url))).status).toBe(503);
    await expect.poll(() => server.stderr()).toContain('503');
    expect(server.stdout()).toMatch(/quota store: redis redis:\/\/.*127\.0\.0\.1/);
    expect(server.stdout() + server.stderr()).not.toContain(SECRET);
  });

  it.each([
    `user:${SECRET}@127.0.0.1:6379`,
    `${SECRET}@127.0.0.1`,
    `http://user:${SECRET}@127.0.0.1`,
    `redis//user:${SECRET}@127.0.0.1`,
    `127.0.0.1:6379?password=${SECRET}`,
    `redis:/ /bad host:${SECRET}@x`,
  ])('are masked when an invalid --redis value is echoed: %s', (value) => {
    const runs = [runServeSync(['--redis', value])];
    if (value.startsWith('user:')) runs.push(runServeSync([], { SIRET_MOCK_REDIS: value }));
    for (const run of runs) {
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^siret-mock: --redis must be a redis:\/\/ or rediss:\/\/ URL, got "[^\n]*"\n$/);
      expect(run.stderr).toContain('***');
      expect(run.stdout + run.stderr).not.toContain(SECRET);
    }
  });

  it('are masked in --help output and in an error that stops the server', () => {
    const help = runServeSync(['--help', '--redis', `redis://u:${SECRET}@h`]);
    expect(help.status).toBe(0);
    expect(help.stdout).not.toContain(SECRET);
    const bad = runServeSync(['--redis', `redis://u:${SECRET}@h`, '--port', 'x']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toContain(SECRET);
  });
});

describe('pass tokens', () => {
  it('never appear in the access log or on stderr, whether the pass is valid or not', async () => {
    const token = `tok-${SECRET}`;
    const server = await startServerProcess(['--port', '0', '--pass', token]);
    started.push(server);
    const statuses = [];
    for (const authorization of [`Bearer ${token}`, `Bearer ${token}x`, `Basic ${token}`, token]) {
      statuses.push((await fetch(new URL('/api/v1/generate?quantity=2', server.url), { headers: { authorization } })).status);
    }
    // A wrong Bearer pass is a 401; other schemes are not passes at all (free tier).
    expect(statuses.slice(0, 2)).toEqual([200, 401]);
    await expect
      .poll(() =>
        server
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"GET /api/v1/generate?quantity=2"')),
      )
      .toHaveLength(4);
    expect(server.stdout() + server.stderr()).not.toContain(SECRET);
  });
});
