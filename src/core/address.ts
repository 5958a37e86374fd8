import { COMMUNES_TABLE } from './data/communes.js';
import { STREET_NAMES, STREET_TYPES } from './data/names.js';
import { pick, type RandomSource } from './random.js';
import { createWeightedTable, type WeightedTable } from './weighted.js';

/** One current French commune: its official name and the postcodes that serve it. */
export interface Commune {
  readonly name: string;
  readonly postcodes: readonly string[];
  /** Population in hundreds, the drawing weight. */
  readonly weight: number;
}

let communeTable: WeightedTable<Commune> | undefined;

/** The commune table parsed once (about 4,600 communes covering 75% of the population). */
export function loadCommunes(): WeightedTable<Commune> {
  if (!communeTable) {
    // Lines: base-36 weight;name;base-36 postcode delta from the previous line[,base-36 offsets of further postcodes].
    let previous = 0;
    const entries = COMMUNES_TABLE.split('\n').map((line): readonly [Commune, number] => {
      const [weight, name, codes] = line.split(';') as [string, string, string];
      const [delta, ...offsets] = codes.split(',');
      const first = previous + parseInt(delta as string, 36);
      previous = first;
      const postcodes = [first, ...offsets.map((o) => first + parseInt(o, 36))].map((code) => String(code).padStart(5, '0'));
      const commune = { name, postcodes, weight: parseInt(weight, 36) };
      return [commune, commune.weight];
    });
    communeTable = createWeightedTable(entries);
  }
  return communeTable;
}

const STREET_TYPE_TABLE = createWeightedTable(STREET_TYPES);

/** A postal address line, city and postcode. */
export interface Address {
  street_address: string;
  city: string;
  postcode: string;
}

/** Street numbers are mostly small; long roads reach the hundreds. */
function drawStreetNumber(random: RandomSource): string {
  const r = random.next();
  const n = r < 0.6 ? 1 + Math.floor(random.next() * 20) : r < 0.9 ? 21 + Math.floor(random.next() * 80) : 101 + Math.floor(random.next() * 250);
  const suffix = random.next();
  return suffix < 0.03 ? `${n} bis` : suffix < 0.04 ? `${n} ter` : String(n);
}

/**
 * Draws an address: a street line, and a (city, postcode) pair from the official commune register, weighted by population.
 */
export function drawAddress(random: RandomSource): Address {
  const street = `${drawStreetNumber(random)} ${STREET_TYPE_TABLE.draw(random)} ${pick(random, STREET_NAMES)}`;
  const commune = loadCommunes().draw(random);
  const postcode = commune.postcodes.length === 1 ? (commune.postcodes[0] as string) : pick(random, commune.postcodes);
  return { street_address: street, city: commune.name, postcode };
}
