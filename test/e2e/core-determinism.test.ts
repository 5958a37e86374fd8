import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as siretMock from '../../src/index.js';
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

// The world of a seed, the same in both: 100,000 SIRENs drawn from the seed's own random source, each looked up with every
// field, the answers hashed (cyrb53 over the JSON) where they are made. One source text runs in Node and in the page.
const UNITS = `
  const random = core.createRandom(seed);
  let h1 = 0xdeadbeef ^ seed, h2 = 0x41c6ce57 ^ seed, found = 0, establishments = 0;
  for (let i = 0; i < count; i++) {
    const eight = String(30000000 + Math.floor(random.next() * 70000000));
    const unit = core.lookupSiren(eight + core.luhnCheckDigit(eight), { seed, fields: [...core.EXTRA_FIELDS] });
    if (unit.found) (found++, (establishments += unit.establishments.length));
    const json = JSON.stringify(unit);
    for (let j = 0; j < json.length; j++) {
      const c = json.charCodeAt(j);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return { hash: 4294967296 * (2097151 & h2) + (h1 >>> 0), found, establishments };
`;
type UnitsDigest = { hash: number; found: number; establishments: number };
const unitsInNode = new Function('core', 'seed', 'count', UNITS) as (c: typeof siretMock, seed: number, count: number) => UnitsDigest;

describe('the world of a seed in Chromium and in Node', () => {
  it('gives the same unit for 100,000 random valid SIRENs from 3 to 9', async () => {
    const [seed, count] = [42, 100_000];
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle });
    const inBrowser = await page.evaluate(
      ([source, s, n]) => new Function('core', 'seed', 'count', source)((globalThis as unknown as { SiretMock: unknown }).SiretMock, s, n),
      [UNITS, seed, count] as const,
    );
    await page.close();
    const inNode = unitsInNode(siretMock, seed, count);
    // Every one is a unit (La Poste's SIREN, one in 70 million, is not drawn here).
    expect(inNode.found).toBe(count);
    expect(inNode.establishments).toBeGreaterThan(count);
    expect(inBrowser).toEqual(inNode);
  }, 300_000);
});
