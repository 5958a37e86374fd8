import { COMMUNES_TABLE } from './data/communes.js';
import {
  STREET_DATES, STREET_NATURE, STREET_PEOPLE, STREET_PLACES, STREET_RURAL, STREET_SAINTS, STREET_TOWN, STREET_TYPES, STREET_WATER,
} from './data/names.js';
import { pick, type RandomSource } from './random.js';
import { createWeightedTable, type WeightedTable } from './weighted.js';

/** One current French commune: its official name and the postcodes that serve it. */
export interface Commune {
  readonly name: string;
  readonly postcodes: readonly string[];
  /** The drawing weight: the population it stands for, in tens (small communes stand for a sample of their size class). */
  readonly weight: number;
}

interface CommuneTable {
  table: WeightedTable<Commune>;
  /** Each commune's position in the table (postcode order), to find its neighbours. */
  index: Map<Commune, number>;
  /** Communes under 5,000 inhabitants: no boulevard, quay or cours there. */
  villages: Set<Commune>;
}

let communes: CommuneTable | undefined;

function decodeCommunes(): CommuneTable {
  // Lines: [.]base-36 weight;name;base-36 postcode delta from the previous line[,base-36 offsets of further postcodes];
  // a leading "." marks a village.
  let previous = 0;
  const villages = new Set<Commune>();
  const entries = COMMUNES_TABLE.split('\n').map((line): readonly [Commune, number] => {
    const [weight, name, codes] = line.split(';') as [string, string, string];
    const [delta, ...offsets] = codes.split(',');
    const first = previous + parseInt(delta as string, 36);
    previous = first;
    const postcodes = [first, ...offsets.map((o) => first + parseInt(o, 36))].map((code) => String(code).padStart(5, '0'));
    const village = weight.startsWith('.');
    const commune = { name, postcodes, weight: parseInt(village ? weight.slice(1) : weight, 36) };
    if (village) villages.add(commune);
    return [commune, commune.weight];
  });
  const table = createWeightedTable(entries);
  return { table, index: new Map(table.values.map((c, i) => [c, i])), villages };
}

/**
 * The commune table, decoded on first use: every commune of 5,000 inhabitants or more and a sample of the smaller ones, each
 * weighted so that départements and size classes keep their share of the population.
 */
export function loadCommunes(): WeightedTable<Commune> {
  communes ??= decodeCommunes();
  return communes.table;
}

/** The département part of a postcode: two digits, three overseas (971-976). */
export function departementOfPostcode(postcode: string): string {
  return postcode.startsWith('97') ? postcode.slice(0, 3) : postcode.slice(0, 2);
}

/** "de" before a place name, the article contracted or lower-cased: du Mans, des Abymes, d'Oyonnax, de la Rochelle, de l'Isle-Adam. */
export function placeWithDe(name: string): string {
  if (name.startsWith('Le ')) return `du ${name.slice(3)}`;
  if (name.startsWith('Les ')) return `des ${name.slice(4)}`;
  if (name.startsWith('La ')) return `de la ${name.slice(3)}`;
  if (name.startsWith("L'")) return `de l'${name.slice(2)}`;
  return /^[AEIOUYÉÈÊÂÎÔ]/.test(name) ? `d'${name}` : `de ${name}`;
}

const NEIGHBOUR_SPAN = 12;

/**
 * A commune near `commune` for a road to lead to: one of the table's communes close to it in postcode order, in the same
 * département, with another name. Names starting with H are left out (whether "de" elides before them depends on the word).
 */
function drawNeighbour(random: RandomSource, commune: Commune): Commune | undefined {
  const { table, index } = communes as CommuneTable;
  const at = index.get(commune) as number;
  const departement = departementOfPostcode(commune.postcodes[0] as string);
  const start = Math.floor(random.next() * 2 * NEIGHBOUR_SPAN);
  for (let k = 0; k < 2 * NEIGHBOUR_SPAN; k++) {
    const offset = ((start + k) % (2 * NEIGHBOUR_SPAN)) - NEIGHBOUR_SPAN;
    const other = table.values[at + (offset >= 0 ? offset + 1 : offset)];
    if (
      other && other.name !== commune.name && !other.name.startsWith('H') &&
      departementOfPostcode(other.postcodes[0] as string) === departement
    ) return other;
  }
  return undefined;
}

type StreetName = (random: RandomSource, commune: Commune) => string | undefined;
const from = (list: readonly string[]): StreetName => (random) => pick(random, list);
const PEOPLE = from(STREET_PEOPLE);
const DATES = from(STREET_DATES);
const TOWN = from(STREET_TOWN);
const NATURE = from(STREET_NATURE);
const RURAL = from(STREET_RURAL);
const SAINTS = from(STREET_SAINTS);
const WATER = from(STREET_WATER);
const OTHER_PLACE = from(STREET_PLACES);
// Roads are named after where they lead.
const TOWARDS: StreetName = (random, commune) => {
  const other = drawNeighbour(random, commune);
  return other && placeWithDe(other.name);
};
const NATIONALE: StreetName = () => 'Nationale';

/**
 * What each street type is named after, and how high its numbers go. Names agree with their type: "Nationale" only after
 * Rue, Avenue or Route; routes lead to a neighbouring commune; flowers and trees name housing-estate streets, not boulevards.
 */
const STREET_KINDS: ReadonlyMap<string, { names: WeightedTable<StreetName>; maxNumber: number }> = new Map(
  (
    [
      ['Rue', 150, [[PEOPLE, 35], [DATES, 4], [TOWN, 20], [NATURE, 12], [RURAL, 12], [OTHER_PLACE, 8], [SAINTS, 6], [NATIONALE, 2]]],
      ['Avenue', 300, [[PEOPLE, 55], [DATES, 8], [TOWN, 15], [OTHER_PLACE, 15], [NATIONALE, 3]]],
      ['Boulevard', 250, [[PEOPLE, 65], [DATES, 10], [OTHER_PLACE, 25]]],
      ['Place', 40, [[PEOPLE, 40], [DATES, 10], [TOWN, 40], [SAINTS, 10]]],
      ['Impasse', 25, [[PEOPLE, 20], [TOWN, 15], [NATURE, 30], [RURAL, 30], [SAINTS, 5]]],
      ['Allée', 60, [[PEOPLE, 25], [NATURE, 50], [RURAL, 20], [SAINTS, 5]]],
      ['Chemin', 600, [[TOWARDS, 35], [RURAL, 65]]],
      ['Route', 999, [[TOWARDS, 92], [NATIONALE, 8]]],
      ['Quai', 90, [[PEOPLE, 60], [WATER, 40]]],
      ['Cours', 120, [[PEOPLE, 80], [TOWN, 20]]],
    ] as const
  ).map(([type, maxNumber, names]) => [type, { names: createWeightedTable<StreetName>(names), maxNumber }]),
);

const STREET_TYPE_TABLE = createWeightedTable(STREET_TYPES);

/** A postal address line, city and postcode. */
export interface Address {
  street_address: string;
  city: string;
  postcode: string;
}

/** Street numbers are mostly small, up to the type's maximum (long roads in the hundreds, impasses in the tens). */
function drawStreetNumber(random: RandomSource, max: number): string {
  const u = random.next();
  const n = 1 + Math.floor(max * u * u);
  const suffix = random.next();
  return suffix < 0.03 ? `${n} bis` : suffix < 0.04 ? `${n} ter` : String(n);
}

/**
 * Draws an address: a (city, postcode) pair from the official commune register weighted by population, and a street line
 * whose type and name agree ("12 Rue des Lilas", "340 Route de Manosque").
 */
export function drawAddress(random: RandomSource): Address {
  const commune = loadCommunes().draw(random);
  const postcode = commune.postcodes.length === 1 ? (commune.postcodes[0] as string) : pick(random, commune.postcodes);
  let street: string | undefined;
  let kind: { names: WeightedTable<StreetName>; maxNumber: number } | undefined;
  let type = '';
  const { villages } = communes as CommuneTable;
  while (street === undefined) {
    type = STREET_TYPE_TABLE.draw(random);
    // Boulevards, quays and cours belong to towns; Paris has no routes or chemins.
    if ((type === 'Boulevard' || type === 'Quai' || type === 'Cours') && villages.has(commune)) continue;
    if ((type === 'Route' || type === 'Chemin') && commune.name === 'Paris') continue;
    kind = STREET_KINDS.get(type) as { names: WeightedTable<StreetName>; maxNumber: number };
    street = kind.names.draw(random)(random, commune);
    // A street named after a town is never in that town ("Impasse des Lilas" in Les Lilas).
    if (street === placeWithDe(commune.name)) street = undefined;
  }
  return { street_address: `${drawStreetNumber(random, (kind as { maxNumber: number }).maxNumber)} ${type} ${street}`, city: commune.name, postcode };
}
