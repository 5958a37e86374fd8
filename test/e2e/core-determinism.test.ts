import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompanies } from '../../src/index.js';
import type * as SiretMockCore from '../../src/index.js';
import { CHROMIUM_ARGS } from './support/chromium.js';

// The promise users rely on: a seed gives the same fixtures in the browser as in Node. The core is bundled for the browser
// the way an app would bundle it, run in real Chromium, and its output hashed there. (playwright gives the browser a fresh
// temporary profile of its own.)
let browser: Browser;
let bundle: string;

beforeAll(async () => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: fileURLToPath(new URL('../../src/index.ts', import.meta.url)), formats: ['iife'], name: 'SiretMock', fileName: 'core' },
    },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
  const chunk = (Array.isArray(output) ? output[0] : output)?.output[0];
  if (!chunk || chunk.type !== 'chunk') throw new Error('no bundle produced');
  bundle = chunk.code;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the same seed in Chromium and in Node', () => {
  it.each([42, 1337, 4294967295])(
    'gives byte-identical records for seed %i',
    async (seed) => {
      const page = await browser.newPage();
      await page.addScriptTag({ content: bundle });
      const inBrowser = await page.evaluate((s) => {
        const core = (globalThis as unknown as { SiretMock: typeof SiretMockCore }).SiretMock;
        return { json: JSON.stringify(core.generateCompanies(5000, { seed: s })), userAgent: navigator.userAgent };
      }, seed);
      await page.close();
      const inNode = createHash('sha256')
        .update(JSON.stringify(generateCompanies(5000, { seed })))
        .digest('hex');
      expect(inBrowser.userAgent).toMatch(/Chrome/);
      expect(createHash('sha256').update(inBrowser.json).digest('hex')).toBe(inNode);
    },
    30_000,
  );
});
