import { describe, expect, it } from 'vitest';
import { drawAddress, loadCommunes, placeFromDe, placeWithDe } from './address.js';
import * as names from '../data/names.js';
import { createRandom } from '../random/random.js';

describe('the commune table as the generator reads it', () => {
  it('reads every line back to "de" form and out again, so a street is known to name a town without a set of names', () => {
    // drawAddress leaves out a street whose name is the drawn town after "de" ("Impasse des Lilas" in Les Lilas); it no
    // longer checks that the town is in the table, which is only the same rule if placeFromDe undoes placeWithDe for every
    // commune.
    const broken = loadCommunes().values.filter((c) => placeFromDe(placeWithDe(c.name)) !== c.name);
    expect(broken.map((c) => c.name)).toEqual([]);
  });

  it('packs what a street draw reads into one number: every street name is under 256 characters, every commune after "de" too', () => {
    // drawAddress keeps a street's town-name length in 8 bits of its packed slot, and each commune's "de" form's length in
    // a Uint8Array: a longer name would silently read as another length.
    // Every street word list of the data module (STREET_*): the ones the draws read, and any added later.
    const streets = Object.entries(names)
      .filter(([key]) => key.startsWith('STREET_'))
      .map(([, list]) => list);
    const words = streets.flat(2).filter((word): word is string => typeof word === 'string');
    expect(words.length).toBeGreaterThan(100);
    expect(words.filter((name) => name.length > 255)).toEqual([]);
    expect(loadCommunes().values.filter((c) => placeWithDe(c.name).length > 255)).toEqual([]);
  });

  it('draws the commune that the public table draws for the same random value', () => {
    // The commune is an address's first draw: the same seed must land on the same line in both readings of the table.
    const table = loadCommunes();
    for (let seed = 0; seed < 2000; seed++) {
      const address = drawAddress(createRandom(seed));
      const commune = table.values[table.drawIndex(createRandom(seed))];
      expect(address.city).toBe(commune?.name);
      expect(commune?.postcodes).toContain(address.postcode);
    }
  });

  it('reads weights, first postcodes and further postcodes from the text as the build script wrote them', () => {
    const table = loadCommunes();
    const paris = table.values.filter((c) => c.name === 'Paris').flatMap((c) => c.postcodes);
    // One line per arrondissement, each with its postcode(s): 75001 to 75020, and 75116 beside 75016.
    const arrondissements = Array.from({ length: 20 }, (_, i) => `750${String(i + 1).padStart(2, '0')}`);
    expect([...new Set(paris)].sort()).toEqual([...arrondissements, '75116'].sort());
    // Overseas postcodes (971-976) and Corsica (20) keep their leading digits; Ain's (01) its leading zero.
    const codes = table.values.flatMap((c) => c.postcodes);
    expect(codes.some((code) => code.startsWith('974'))).toBe(true);
    expect(codes.some((code) => code.startsWith('20'))).toBe(true);
    expect(codes.some((code) => code.startsWith('01'))).toBe(true);
    expect(table.values.every((c) => Number.isInteger(c.weight) && c.weight >= 1)).toBe(true);
    expect(table.values.some((c) => c.postcodes.length > 1)).toBe(true);
  });
});
