// The contract suite against the Vite plugin: a real `vite` dev server in this process with `siretMock(options)`, on a free
// loopback port, reached over TCP with fetch. The plugin answers only /api/v1/*: unknown paths there are its 404s, and
// /healthz is Vite's, not the service's; its pricing page, where the default upgrade link points, is /api/v1/pricing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { afterAll } from 'vitest';
import { siretMock } from '../src/vite/plugin.js';
import { CONTRACT_START_TIME, defineContractSuite } from './contract/contract-suite.js';

const root = mkdtempSync(join(tmpdir(), 'siret-mock-vite-contract-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

defineContractSuite(
  'Vite plugin (vite dev)',
  async (options) => {
    let elapsed = 0;
    const dev = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [siretMock({ ...options, clock: { now: () => CONTRACT_START_TIME + elapsed } })],
      server: { host: '127.0.0.1', port: 0, strictPort: true, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true },
    });
    await dev.listen();
    const address = dev.httpServer?.address() as AddressInfo;
    return {
      baseUrl: `http://127.0.0.1:${address.port}`,
      fetch: (input, init) => fetch(input, init),
      advanceClock: (ms) => {
        elapsed += ms;
      },
      close: () => dev.close(),
    };
  },
  { unknownPathIs404: true, healthz: false, pricingPath: '/api/v1/pricing' },
);
