import { COMMUNES_TABLE } from './data/communes.js';
import {
  STREET_DATES,
  STREET_NATURE,
  STREET_PEOPLE,
  STREET_PLACES,
  STREET_RURAL,
  STREET_SAINTS,
  STREET_TOWN,
  STREET_TYPES,
  STREET_WATER,
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
  /** Communes under 5,000 inhabitants, by position: no boulevard, quay or cours there. */
  villages: Uint8Array;
  /** Each line's département, by position. */
  departements: string[];
  /** Each line's name after "de" ("du Mans"), computed on first use. */
  withDe: (string | undefined)[];
}

let communes: CommuneTable | undefined;

function decodeCommunes(): CommuneTable {
  // Lines: [.]base-36 weight;name;base-36 postcode delta from the previous line[,base-36 offsets of further postcodes];
  // a leading "." marks a village.
  let previous = 0;
  const villageLines: number[] = [];
  const entries = COMMUNES_TABLE.split('\n').map((line, i): readonly [Commune, number] => {
    const [weight, name, codes] = line.split(';') as [string, string, string];
    const [delta, ...offsets] = codes.split(',');
    const first = previous + parseInt(delta as string, 36);
    previous = first;
    const postcodes = [first, ...offsets.map((o) => first + parseInt(o, 36))].map((code) => String(code).padStart(5, '0'));
    const village = weight.startsWith('.');
    const commune = { name, postcodes, weight: parseInt(village ? weight.slice(1) : weight, 36) };
    if (village) villageLines.push(i);
    return [commune, commune.weight];
  });
  const table = createWeightedTable(entries);
  const departements = table.values.map((c) => departementOfPostcode(c.postcodes[0] as string));
  const villages = new Uint8Array(entries.length);
  for (const i of villageLines) villages[i] = 1;
  return { table, villages, departements, withDe: new Array<string | undefined>(entries.length).fill(undefined) };
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
function drawNeighbour(random: RandomSource, at: number): number | undefined {
  const { table, departements } = communes as CommuneTable;
  const commune = table.values[at] as Commune;
  const departement = departements[at];
  const start = Math.floor(random.next() * 2 * NEIGHBOUR_SPAN);
  for (let k = 0; k < 2 * NEIGHBOUR_SPAN; k++) {
    const offset = ((start + k) % (2 * NEIGHBOUR_SPAN)) - NEIGHBOUR_SPAN;
    const j = at + (offset >= 0 ? offset + 1 : offset);
    const other = table.values[j];
    if (other && departements[j] === departement && other.name !== commune.name && other.name.charCodeAt(0) !== 72 /* H */) return j;
  }
  return undefined;
}

/** The commune at position `at` after "de", cached. */
function communeWithDe(at: number): string {
  const { table, withDe } = communes as CommuneTable;
  return (withDe[at] ??= placeWithDe((table.values[at] as Commune).name));
}

// prettier-ignore
const STREET_LISTS = {
  PEOPLE: STREET_PEOPLE, DATES: STREET_DATES, TOWN: STREET_TOWN, NATURE: STREET_NATURE, RURAL: STREET_RURAL,
  SAINTS: STREET_SAINTS, WATER: STREET_WATER, OTHER_PLACE: STREET_PLACES, NATIONALE: ['Nationale'], TOWARDS: [],
} as const;
type StreetList = keyof typeof STREET_LISTS;

/**
 * What each street type is named after (shares in percent), and how high its numbers go. Names agree with their type:
 * "Nationale" only after Rue, Avenue or Route; routes lead to a neighbouring commune (TOWARDS); flowers and trees name
 * housing-estate streets, not boulevards.
 */
// prettier-ignore
const STREET_KINDS: ReadonlyArray<readonly [type: string, maxNumber: number, names: ReadonlyArray<readonly [StreetList, number]>]> = [
  ['Rue', 150, [['PEOPLE', 35], ['DATES', 4], ['TOWN', 20], ['NATURE', 12], ['RURAL', 12], ['OTHER_PLACE', 8], ['SAINTS', 6], ['NATIONALE', 2]]],
  ['Avenue', 300, [['PEOPLE', 55], ['DATES', 8], ['TOWN', 15], ['OTHER_PLACE', 15], ['NATIONALE', 3]]],
  ['Boulevard', 250, [['PEOPLE', 65], ['DATES', 10], ['OTHER_PLACE', 25]]],
  ['Place', 40, [['PEOPLE', 40], ['DATES', 10], ['TOWN', 40], ['SAINTS', 10]]],
  ['Impasse', 25, [['PEOPLE', 20], ['TOWN', 15], ['NATURE', 30], ['RURAL', 30], ['SAINTS', 5]]],
  ['Allée', 60, [['PEOPLE', 25], ['NATURE', 50], ['RURAL', 20], ['SAINTS', 5]]],
  ['Chemin', 600, [['TOWARDS', 35], ['RURAL', 65]]],
  ['Route', 999, [['TOWARDS', 92], ['NATIONALE', 8]]],
  ['Quai', 90, [['PEOPLE', 60], ['WATER', 40]]],
  ['Cours', 120, [['PEOPLE', 80], ['TOWN', 20]]],
];

/** One street line a draw can give: "Rue des Lilas", or a road towards a neighbouring commune (`line` undefined). */
interface StreetEntry {
  readonly type: string;
  /** "Type name", ready to follow the number; undefined for a road to a neighbour, built per commune. */
  readonly line: string | undefined;
  /** The name alone, when it is also how a commune is named after "de" ("des Lilas", Les Lilas): such a street is never in that town. */
  readonly townName: string | undefined;
  readonly maxNumber: number;
  /** Boulevards, quays and cours belong to towns, not villages. */
  readonly town: boolean;
  /** Paris has no routes or chemins. */
  readonly road: boolean;
}

let streetTable: WeightedTable<StreetEntry> | undefined;
/** Every (type, name) line in one table, weighted by type share x list share / list length: one draw per street. */
function loadStreets(): WeightedTable<StreetEntry> {
  if (streetTable) return streetTable;
  const shares = new Map(STREET_TYPES);
  const communeNames = new Set(loadCommunes().values.map((c) => c.name));
  // "des Lilas" names Les Lilas, "de Paris" Paris: the town a street name would name, if any.
  const townNamed = (name: string): string | undefined => {
    const town = /^du /.test(name)
      ? `Le ${name.slice(3)}`
      : /^des /.test(name)
        ? `Les ${name.slice(4)}`
        : /^de la /.test(name)
          ? `La ${name.slice(6)}`
          : /^de l'/.test(name)
            ? `L'${name.slice(5)}`
            : /^de /.test(name)
              ? name.slice(3)
              : /^d'/.test(name)
                ? name.slice(2)
                : undefined;
    return town !== undefined && communeNames.has(town) ? name : undefined;
  };
  const entries: Array<readonly [StreetEntry, number]> = [];
  for (const [type, maxNumber, lists] of STREET_KINDS) {
    const listTotal = lists.reduce((sum, [, share]) => sum + share, 0);
    const town = type === 'Boulevard' || type === 'Quai' || type === 'Cours';
    const road = type === 'Route' || type === 'Chemin';
    // One object shape for every entry (a plain literal, all fields set), so the draw loop reads them fast.
    const entry = (line: string | undefined, townName: string | undefined): StreetEntry => ({
      type,
      line,
      townName,
      maxNumber,
      town,
      road,
    });
    for (const [list, share] of lists) {
      const weight = ((shares.get(type) as number) * share) / listTotal;
      if (list === 'TOWARDS') entries.push([entry(undefined, undefined), weight]);
      else {
        for (const name of STREET_LISTS[list]) {
          entries.push([entry(`${type} ${name}`, townNamed(name)), weight / STREET_LISTS[list].length]);
        }
      }
    }
  }
  streetTable = createWeightedTable(entries);
  return streetTable;
}

// Roads towards a neighbour, "Route de Manosque", built once per (type, commune).
const roadLines = new Map<string, Array<string | undefined>>();
function roadLine(type: string, at: number): string {
  let lines = roadLines.get(type);
  if (lines === undefined) roadLines.set(type, (lines = new Array<string | undefined>(loadCommunes().values.length).fill(undefined)));
  return (lines[at] ??= `${type} ${communeWithDe(at)}`);
}

// Street numbers with the space that follows them, so that a line costs one concatenation.
const NUMBERS: readonly string[] = Array.from({ length: 1000 }, (_, n) => `${n} `);

/** A postal address line, city and postcode. */
export interface Address {
  street_address: string;
  city: string;
  postcode: string;
}

/** Street numbers (with a trailing space) are mostly small, up to the type's maximum (roads in the hundreds, impasses in the tens). */
function drawStreetNumber(random: RandomSource, max: number): string {
  const u = random.next();
  const n = NUMBERS[1 + Math.floor(max * u * u)] as string;
  const suffix = random.next();
  return suffix < 0.03 ? `${n}bis ` : suffix < 0.04 ? `${n}ter ` : n;
}

/**
 * Draws an address: a (city, postcode) pair from the official commune register weighted by population, and a street line
 * whose type and name agree ("12 Rue des Lilas", "340 Route de Manosque").
 */
export function drawAddress(random: RandomSource): Address {
  const table = loadCommunes();
  const streets = loadStreets();
  const at = table.drawIndex(random);
  const commune = table.values[at] as Commune;
  const postcode = commune.postcodes.length === 1 ? (commune.postcodes[0] as string) : pick(random, commune.postcodes);
  const village = (communes as CommuneTable).villages[at] === 1;
  const paris = commune.name === 'Paris';
  for (;;) {
    const street = streets.draw(random);
    if ((street.town && village) || (street.road && paris)) continue;
    let line = street.line;
    if (line === undefined) {
      const other = drawNeighbour(random, at);
      if (other === undefined) continue;
      line = roadLine(street.type, other);
    } else if (street.townName !== undefined && street.townName === communeWithDe(at)) {
      // A street named after a town is never in that town ("Impasse des Lilas" in Les Lilas).
      continue;
    }
    return { street_address: drawStreetNumber(random, street.maxNumber) + line, city: commune.name, postcode };
  }
}
