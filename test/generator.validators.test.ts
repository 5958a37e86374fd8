import { describe, expect, it } from 'vitest';
import { generateCompanies, isValidSiret } from '../src/index.js';
import { COMMUNES_COVERAGE } from '../src/core/data/communes.js';
import { loadCommunes } from '../src/core/address/index.js';
import { checkWithStdnum } from './support/stdnum.js';
import { loadOfficialPairs } from './support/communes-source.js';

describe('independent checks', () => {
  it('python-stdnum accepts 20,000 generated SIRETs and their SIRENs', () => {
    const records = [1, 2, 3, 4].flatMap((seed) => generateCompanies(5_000, { seed }));
    const numbers = records.flatMap(
      (r) =>
        [
          ['siret', r.siret.replace(/ /g, '')],
          ['siren', r.siren.replace(/ /g, '')],
        ] as const,
    );
    const lines = checkWithStdnum(numbers);
    expect(lines.at(-1)).toBe('checked-ok 0');
  });

  it('python-stdnum and our validator agree on the La Poste vectors', () => {
    const vectors = ['35600000049837', '35600000049838', '35600000000048', '73282932000074', '73282932000075'];
    const stdnum = checkWithStdnum(vectors.map((n) => ['siret', n] as const));
    const invalidByStdnum = new Set(stdnum.filter((l) => l.startsWith('invalid')).map((l) => l.split(' ')[2]));
    for (const n of vectors) expect(isValidSiret(n)).toBe(!invalidByStdnum.has(n));
    expect([...invalidByStdnum].sort()).toEqual(['35600000049838', '73282932000075']);
  });
});

describe('commune table', () => {
  const official = loadOfficialPairs();

  it('holds only (city, postcode) pairs of the official register', () => {
    const table = loadCommunes();
    expect(table.values.length).toBeGreaterThan(4000);
    const wrong = table.values.flatMap((c) => c.postcodes.filter((p) => !official.has(`${c.name}|${p}`)).map((p) => `${c.name} ${p}`));
    expect(wrong).toEqual([]);
  });

  it('stands for the whole population: the weights (in tens) add up to the register total', () => {
    expect(COMMUNES_COVERAGE.covered / COMMUNES_COVERAGE.total).toBeGreaterThan(0.6);
    expect((loadCommunes().total * 10) / COMMUNES_COVERAGE.total).toBeCloseTo(1, 2);
  });

  it('names cities as the register does, Paris, Lyon and Marseille by arrondissement postcode', () => {
    const names = new Map<string, string[]>();
    for (const c of loadCommunes().values) names.set(c.name, [...(names.get(c.name) ?? []), ...c.postcodes]);
    expect(names.get('Saint-Étienne')).toEqual(expect.arrayContaining(['42000']));
    expect(names.get('Paris')).toEqual(expect.arrayContaining(['75001', '75020', '75116']));
    expect(names.get('Lyon')).toEqual(expect.arrayContaining(['69001', '69009']));
    expect(names.get('Marseille')).toEqual(expect.arrayContaining(['13001', '13016']));
    expect([...names.keys()].some((n) => /arrondissement/i.test(n))).toBe(false);
  });

  it('gives generated addresses that are official pairs, weighted towards big cities', () => {
    const records = generateCompanies(20_000, { seed: 99 });
    expect(records.filter((r) => !official.has(`${r.city}|${r.postcode}`))).toEqual([]);
    const paris = records.filter((r) => r.city === 'Paris').length / records.length;
    // Paris holds about 3% of the population.
    expect(paris).toBeGreaterThan(0.02);
    expect(paris).toBeLessThan(0.07);
  });
});
