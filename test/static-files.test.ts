import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiretServer } from '../src/node/server/index.js';
import { rawRequest } from './services/raw-http.js';
import { startServerProcess, type ServerProcess } from './services/server-process.js';

// The demo file server of a real `siret-mock serve` process (the default configuration: the built demo in dist/demo), sent
// every path shape that once threw out of the request listener or could reach outside the folder. Each must be the file or
// the contract's JSON 404, and /healthz must answer right after it.

const DEMO = new URL('../dist/demo/', import.meta.url);
const assets = existsSync(new URL('assets/', DEMO)) ? readdirSync(new URL('assets/', DEMO)) : [];
const bundle = assets.find((name) => name.endsWith('.js'));
if (bundle === undefined) throw new Error('dist/demo has no JS bundle (test/support/build-once.ts builds it before the run)');

const HOSTILE_TARGETS = [
  `/assets/${bundle}/anything`,
  `/assets/${bundle}/`,
  '/index.html/x',
  `/${'a'.repeat(256)}`,
  `/assets/${'b'.repeat(4_000)}`,
  `/${'c/'.repeat(2_000)}`,
  `/${'d'.repeat(8_100)}`,
  '/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/%2fetc%2fpasswd',
  '/index.html%00.js',
  '/%00',
  '/assets%5c..%5c..%5cpackage.json',
  '/..\\..\\package.json',
  '/%c0%ae%c0%ae/etc/passwd',
  '/%ff%fe',
  '/%',
  '/assets/%zz',
  '/./././index.html/..',
  '/.',
  '/assets',
  '/assets/',
  '/proc/self/environ',
];

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess(['--port', '0', '--quiet']);
});
afterAll(async () => {
  await server.stop();
});

describe('the demo file server of `siret-mock serve`', () => {
  it('serves the demo and its bundle', async () => {
    const index = await fetch(new URL('/', server.url));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const js = await fetch(new URL(`/assets/${bundle}`, server.url));
    expect(js.status).toBe(200);
    expect(Number(js.headers.get('content-length'))).toBe((await js.arrayBuffer()).byteLength);
    const head = await fetch(new URL(`/assets/${bundle}`, server.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it.each(HOSTILE_TARGETS.map((target) => [target.length > 60 ? `${target.slice(0, 60)}... (${target.length} chars)` : target, target]))(
    'answers %s with a file or a JSON 404, then /healthz',
    async (_name, target) => {
      const reply = await rawRequest(Number(server.url.port), `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, {
        halfClose: false,
      });
      if (reply.status === 200) {
        // Only dot segments that stay inside the folder may name a file: the demo's index.html.
        expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(reply.body).toContain('<html');
      } else {
        expect([400, 404, 414]).toContain(reply.status);
        expect(reply.headers['content-type']).toBe('application/json');
        expect(JSON.parse(reply.body)).toHaveProperty('error');
      }
      expect(reply.raw).not.toMatch(/root:|\/work\/|node_modules|\s{4}at /);
      expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);
    },
  );

  it('is still running, and printed no stack and no path', async () => {
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).not.toMatch(/\s{4}at |Error:|\/dist\/demo/);
  });
});

describe('a demo folder holding symlinks', () => {
  it('follows a symlink inside the folder and never one that leads out of it', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'siret-outside-'));
    const dir = mkdtempSync(join(tmpdir(), 'siret-demo-'));
    let instance: ReturnType<typeof createSiretServer> | undefined;
    try {
      writeFileSync(join(outside, 'secret.txt'), 'top secret');
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>demo</title>');
      writeFileSync(join(dir, 'assets', 'real.txt'), 'inside');
      symlinkSync(join(dir, 'assets', 'real.txt'), join(dir, 'inside-link.txt'));
      symlinkSync(join(outside, 'secret.txt'), join(dir, 'leak.txt'));
      symlinkSync(outside, join(dir, 'leak-dir'));
      symlinkSync(join(dir, 'loop'), join(dir, 'loop'));
      instance = createSiretServer({ demoDir: dir, log: () => undefined });
      const url = await instance.listen(0, '127.0.0.1');
      expect(await (await fetch(new URL('/inside-link.txt', url))).text()).toBe('inside');
      for (const path of ['/leak.txt', '/leak-dir/secret.txt', '/loop', '/loop/x']) {
        const response = await fetch(new URL(path, url));
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).not.toContain('top secret');
      }
      expect((await fetch(new URL('/healthz', url))).status).toBe(200);
    } finally {
      await instance?.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
