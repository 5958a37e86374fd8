import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Faker, faker as faker10, fakerFR as fakerFR10, en } from '@faker-js/faker';
import { faker as faker9, fakerFR as fakerFR9 } from 'faker9';
import { build } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { loadOfficialPairs } from '../../test/support/communes-source.js';
import { isValidSiren, isValidSiret, vatNumberOf } from '../core/identifiers/index.js';
import { createSiretMockFaker, fakeAddress, fakeCompanyName, fakeSiren, fakeSiret, fakeVatNumber, type FakerLike } from './index.js';

type SeedableFaker = FakerLike & { seed(seed: number): unknown };

const INSTANCES: ReadonlyArray<readonly [string, SeedableFaker]> = [
  ['faker 10', faker10],
  ['fakerFR 10', fakerFR10],
  ['faker 9', faker9],
  ['fakerFR 9', fakerFR9],
];

function drawAll(faker: SeedableFaker, seed: number, count: number) {
  faker.seed(seed);
  const company = createSiretMockFaker(faker);
  return Array.from({ length: count }, () => ({
    siren: company.siren(),
    siret: company.siret(),
    vat: company.vatNumber(),
    name: company.companyName(),
    address: company.address(),
  }));
}

describe.each(INSTANCES)('siret-mock/faker with %s', (_label, faker) => {
  it('replays the same values after faker.seed(n), and other values for another seed', () => {
    const first = drawAll(faker, 1234, 50);
    expect(drawAll(faker, 1234, 50)).toEqual(first);
    expect(drawAll(faker, 1235, 50)).not.toEqual(first);
  });

  // python-stdnum checks the same draws in test/stdnum-fixtures.acceptance.test.ts.
  it('gives valid numbers, VAT numbers keyed on their SIREN and real commune/postcode pairs', () => {
    const values = drawAll(faker, 99, 400);
    const pairs = loadOfficialPairs();
    for (const v of values) {
      expect(isValidSiren(v.siren)).toBe(true);
      expect(isValidSiret(v.siret)).toBe(true);
      expect(v.siret).toMatch(/^\d{3} \d{3} \d{3} \d{5}$/);
      expect(v.vat).toBe(vatNumberOf(v.vat.slice(4))); // FR + key + the SIREN it was made from
      expect(v.name.trim()).not.toBe('');
      expect(pairs.has(`${v.address.city}|${v.address.postcode}`)).toBe(true);
    }
  });
});

describe('siret-mock/faker', () => {
  it('gives the same values from faker 9 and faker 10 for the same seed (both draw from the same Mersenne Twister)', () => {
    expect(drawAll(faker9, 77, 20)).toEqual(drawAll(faker10, 77, 20));
  });

  it('draws only from the instance randomizer: never Math.random, and nothing else moves another instance', () => {
    const mathRandom = vi.spyOn(Math, 'random');
    const calls: number[] = [];
    const own = new Faker({ locale: [en], randomizer: { next: () => (calls.push(1), 0.5), seed: () => {} } });
    fakerFR10.seed(5);
    const before = fakerFR10.number.int({ min: 0, max: 1e9 });
    fakerFR10.seed(5);
    createSiretMockFaker(own).address();
    createSiretMockFaker(own).siret();
    expect(fakerFR10.number.int({ min: 0, max: 1e9 })).toBe(before);
    expect(calls.length).toBeGreaterThan(0);
    expect(mathRandom).not.toHaveBeenCalled();
    mathRandom.mockRestore();
  });

  it('builds a SIRET and a VAT number on a given SIREN, and digits only on request', () => {
    fakerFR10.seed(3);
    expect(fakeSiret(fakerFR10, { siren: '732 829 320' }).startsWith('732 829 320 ')).toBe(true);
    expect(fakeVatNumber(fakerFR10, '732829320')).toBe('FR44732829320');
    expect(fakeSiren(fakerFR10, { spaces: false })).toMatch(/^\d{9}$/);
    expect(fakeSiret(fakerFR10, { spaces: false })).toMatch(/^\d{14}$/);
    expect(() => fakeSiret(fakerFR10, { siren: '12' })).toThrow(RangeError);
    expect(typeof fakeCompanyName(fakerFR10)).toBe('string');
    expect(fakeAddress(fakerFR10).postcode).toMatch(/^\d{5}$/);
  });

  it('is tree-shakeable: a bundle importing only fakeSiret leaves out the names and the commune table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'siret-mock-faker-'));
    try {
      const entry = join(dir, 'entry.js');
      const source = fileURLToPath(new URL('./index.ts', import.meta.url));
      writeFileSync(entry, `import { fakeSiret } from ${JSON.stringify(source)};\nexport const f = fakeSiret;\n`);
      const bundle = async (code: string): Promise<string> => {
        writeFileSync(entry, code);
        const out = (await build({
          configFile: false,
          logLevel: 'silent',
          build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'out' }, rollupOptions: { external: [] } },
        })) as Array<{ output: Array<{ type: string; code?: string }> }>;
        return out[0]?.output.map((chunk) => chunk.code ?? '').join('\n') ?? '';
      };
      const small = await bundle(`import { fakeSiret } from ${JSON.stringify(source)};\nexport const f = fakeSiret;\n`);
      const full = await bundle(`import { fakeAddress } from ${JSON.stringify(source)};\nexport const f = fakeAddress;\n`);
      expect(small).toMatch(/luhn/i);
      expect(small).not.toMatch(/Boulangerie|Saint-Étienne/);
      expect(full).toMatch(/Saint-Étienne|Saint-/);
      expect(small.length * 10).toBeLessThan(full.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
