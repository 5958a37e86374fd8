import { COMMUNES_TABLE, NEIGHBOUR_NAMES } from '../data/communes.js';
import {
  STREET_COASTAL,
  STREET_DATES,
  STREET_NATURE,
  STREET_PEOPLE,
  STREET_PLACES,
  STREET_RURAL,
  STREET_SAINTS,
  STREET_TOWN,
  STREET_TROPICAL_NATURE,
  STREET_TROPICAL_RURAL,
  STREET_TYPES,
  STREET_WATER,
  TOWN_LANDMARKS,
} from '../data/names.js';
import { pick, type RandomSource } from '../random/random.js';
import { createWeightedIndex, createWeightedTable, type WeightedIndex, type WeightedTable } from '../random/weighted.js';

/** One current French commune: its official name and the postcodes that serve it. */
export interface Commune {
  readonly name: string;
  readonly postcodes: readonly string[];
  /** The drawing weight: the population it stands for, in tens (small communes stand for a sample of their size class). */
  readonly weight: number;
}

/**
 * The commune table as the draws use it. One pass over the text reads what a draw needs of every line (its weight, first
 * postcode, size class, bits, EPCI and where its name sits); a commune's name and further postcodes are read from the
 * text only when it is first drawn. No per-line object, substring or array is made up front: this is the first request's
 * main cost.
 */
interface CommuneIndex {
  readonly count: number;
  readonly index: WeightedIndex;
  readonly weights: Float64Array;
  /** Each line's size class: 0 under 2,000 inhabitants, 1 under 5,000, 2 under 20,000, 3 under 100,000, 4 above. */
  readonly sizes: Uint8Array;
  /** Each line's COASTAL, TROPICAL, DENSE and PARIS bits. */
  readonly flags: Uint8Array;
  /** Each line's intercommunality (EPCI) number, 0 for none: its roads lead to another commune of the same one. */
  readonly groups: Uint16Array;
  /** The population share of each size class, for the street types' shares by class. */
  readonly classShares: Float64Array;
  /** Each line's roads to a neighbour, "Route de Manosque" and "Chemin de Manosque", built on first use. */
  readonly routes: (readonly string[] | undefined)[];
  readonly chemins: (readonly string[] | undefined)[];
  /** Each line's first postcode, as a number (lines are in its order). */
  readonly firstPostcodes: Int32Array;
  /** Each line's département as a number: its first postcode's first two digits, three overseas (971-976). */
  readonly departements: Uint16Array;
  /** Where each line's name starts and ends in the text, and where the line ends. */
  readonly nameStarts: Uint32Array;
  readonly nameEnds: Uint32Array;
  readonly lineEnds: Uint32Array;
  /** Each line's commune, decoded on first use. */
  readonly communes: (Commune | undefined)[];
  /**
   * What a draw needs of a decoded commune, side by side in one dense array: its name at `2 * at`, and its postcode when it
   * has only one (`undefined` for several) at `2 * at + 1`: one cache line instead of the commune object, its postcode
   * array and that array's first slot, each a likely cache miss. Draws read
   * their copy in `byColumn`; this one is read when a column's copy is first made, and by the neighbour and "de" lookups.
   */
  readonly draws: (string | undefined)[];
  /**
   * The same two slots, by alias column of `index` and for both of the column's outcomes: its own line's at `4 * column`,
   * its alias's at `4 * column + 2`, each copied from `draws` when first drawn through that column. A draw reads both
   * before the column's cell (see WeightedIndex.columnOf), so that its two likely cache misses come at once.
   */
  readonly byColumn: (string | undefined)[];
  /** Each line's name after "de" ("du Mans"), computed when the line is decoded. */
  readonly withDe: (string | undefined)[];
  /**
   * The length of each decoded line's name after "de": a street named after a town is checked against it first, in a small
   * array likely in cache, instead of reading the name itself (a likely cache miss) for a comparison that nearly always fails.
   */
  readonly withDeLengths: Uint8Array;
}

let communes: CommuneIndex | undefined;
let communeTable: WeightedTable<Commune> | undefined;

/** The value of a base-36 digit's character code (0-9, a-z). */
const base36 = (code: number): number => (code < 58 ? code - 48 : code - 87);

/** A commune on the sea (scripts/data/coastal-communes.mjs). */
export const COASTAL = 1;
/** A commune of the tropical overseas departments and collectivities, with their own street vocabulary. */
export const TROPICAL = 2;
/**
 * A town that numbers its roads from one end, not in metres: Paris and its inner ring, the cities of 100,000 or more
 * outside the South (where cities number their chemins in metres whatever their size), and the towns of 20,000 or more of
 * metropolitan France outside the South.
 */
export const DENSE = 4;
const PARIS = 8;
const TROPICAL_DEPARTEMENTS = new Set([971, 972, 973, 974, 976]);
const INNER_RING = new Set([75, 92, 93, 94]);
// Départements whose cities number their chemins and routes in metres, however large the city (Marseille, Nice, Toulon).
const METRIC_SOUTH = new Set([4, 5, 6, 11, 13, 20, 30, 34, 66, 83, 84]);

function indexCommunes(text: string): CommuneIndex {
  // Lines: [class][~]base-36 weight;name;base-36 postcode delta from the previous line[,base-36 offsets of further
  // postcodes][;base-36 EPCI rank]; scripts/build-communes.mjs writes them and says what each mark means.
  let count = 1;
  for (let p = text.indexOf('\n'); p !== -1; p = text.indexOf('\n', p + 1)) count++;
  const weights = new Float64Array(count);
  const sizes = new Uint8Array(count);
  const flags = new Uint8Array(count);
  const groups = new Uint16Array(count);
  const classShares = new Float64Array(5);
  const recent: number[] = [];
  const firstPostcodes = new Int32Array(count);
  const departements = new Uint16Array(count);
  const nameStarts = new Uint32Array(count);
  const nameEnds = new Uint32Array(count);
  const lineEnds = new Uint32Array(count);
  const length = text.length;
  let at = 0;
  let previous = 0;
  for (let i = 0; i < count; i++) {
    let size = -1;
    for (let code = text.charCodeAt(at); ; code = text.charCodeAt(++at)) {
      if (code === 46 /* . */) size = 0;
      else if (code === 58 /* : */) size = 1;
      else if (code === 94 /* ^ */) size = 4;
      else if (code === 126 /* ~ */) flags[i] = COASTAL;
      else break;
    }
    let weight = 0;
    for (let code = text.charCodeAt(at); at < length && code !== 59 /* ; */; code = text.charCodeAt(++at))
      weight = weight * 36 + base36(code);
    weights[i] = weight;
    if (size === -1) size = weight * 10 < 20_000 ? 2 : weight * 10 < 100_000 ? 3 : 4;
    sizes[i] = size;
    classShares[size] = (classShares[size] as number) + weight;
    nameStarts[i] = ++at;
    at = text.indexOf(';', at);
    nameEnds[i] = at;
    if (at - (nameStarts[i] as number) === 5 && text.startsWith('Paris', nameStarts[i])) flags[i] = (flags[i] as number) | PARIS;
    let delta = 0;
    for (let code = text.charCodeAt(++at); at < length && code !== 44 /* , */ && code !== 10 /* \n */ && code !== 59 /* ; */;) {
      delta = delta * 36 + base36(code);
      code = text.charCodeAt(++at);
    }
    previous += delta;
    firstPostcodes[i] = previous;
    const departement = previous >= 97000 && previous < 98000 ? Math.floor(previous / 100) : Math.floor(previous / 1000);
    departements[i] = departement;
    if (TROPICAL_DEPARTEMENTS.has(departement)) flags[i] = (flags[i] as number) | TROPICAL;
    if (INNER_RING.has(departement) || (!METRIC_SOUTH.has(departement) && (size === 4 || (size === 3 && departement < 970))))
      flags[i] = (flags[i] as number) | DENSE;
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? length : newline;
    lineEnds[i] = end;
    // The EPCI field, after the postcodes: a move-to-front rank among the EPCIs met so far.
    const semicolon = text.indexOf(';', at);
    if (semicolon !== -1 && semicolon < end) {
      const rank = parseInt(text.slice(semicolon + 1, end), 36);
      const group = rank === recent.length ? recent.length + 1 : (recent.splice(rank, 1)[0] as number);
      recent.unshift(group);
      groups[i] = group;
    }
    at = end + 1;
  }
  let total = 0;
  for (let c = 0; c < 5; c++) total += classShares[c] as number;
  for (let c = 0; c < 5; c++) classShares[c] = (classShares[c] as number) / total;
  return {
    count,
    index: createWeightedIndex(weights),
    weights,
    sizes,
    flags,
    groups,
    classShares,
    routes: new Array<undefined>(count).fill(undefined),
    chemins: new Array<undefined>(count).fill(undefined),
    firstPostcodes,
    departements,
    nameStarts,
    nameEnds,
    lineEnds,
    communes: new Array<Commune | undefined>(count).fill(undefined),
    draws: new Array<string | undefined>(2 * count).fill(undefined),
    byColumn: new Array<string | undefined>(4 * count).fill(undefined),
    withDe: new Array<string | undefined>(count).fill(undefined),
    withDeLengths: new Uint8Array(count),
  };
}

const indexed = (): CommuneIndex => (communes ??= indexCommunes(COMMUNES_TABLE));

/** The commune of line `at`, read from the text on first use (a small function, so the draw loop inlines it). */
const communeAt = (table: CommuneIndex, at: number): Commune => table.communes[at] ?? decodeCommune(table, at);
/** The name of the commune of line `at`. */
const nameAt = (table: CommuneIndex, at: number): string => table.draws[2 * at] ?? decodeCommune(table, at).name;

/**
 * `text` as a string of its own in one byte per character, when every character fits (all but the 16 names with "œ").
 * The commune table holds an "œ", so V8 stores it and every slice of it two bytes per character, and a response holding
 * such a slice is encoded as two-byte text; the copy, made once per commune when first drawn, keeps responses one-byte.
 */
function oneByte(text: string): string {
  if (/[^\0-\xff]/.test(text)) return text;
  const codes = new Array<number>(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return String.fromCharCode(...codes);
}

function decodeCommune(table: CommuneIndex, at: number): Commune {
  const first = table.firstPostcodes[at] as number;
  const codes = [first];
  const lineEnd = table.lineEnds[at] as number;
  const epci = COMMUNES_TABLE.indexOf(';', (table.nameEnds[at] as number) + 1);
  const postcodesEnd = epci !== -1 && epci < lineEnd ? epci : lineEnd;
  const comma = COMMUNES_TABLE.indexOf(',', table.nameEnds[at]);
  if (comma !== -1 && comma < postcodesEnd) {
    for (const offset of COMMUNES_TABLE.slice(comma + 1, postcodesEnd).split(',')) codes.push(first + parseInt(offset, 36));
  }
  const commune: Commune = {
    name: oneByte(COMMUNES_TABLE.slice(table.nameStarts[at], table.nameEnds[at])),
    postcodes: codes.map((code) => String(code).padStart(5, '0')),
    weight: table.weights[at] as number,
  };
  table.communes[at] = commune;
  table.draws[2 * at] = commune.name;
  const withDe = placeWithDe(commune.name);
  table.withDe[at] = withDe;
  table.withDeLengths[at] = withDe.length;
  if (commune.postcodes.length === 1) table.draws[2 * at + 1] = commune.postcodes[0];
  return commune;
}

/**
 * The commune table, decoded on first use: every commune of 5,000 inhabitants or more and a sample of the smaller ones, each
 * weighted so that départements and size classes keep their share of the population. Draws from it give the same communes
 * as the generator's for the same random values.
 */
export function loadCommunes(): WeightedTable<Commune> {
  if (communeTable === undefined) {
    const table = indexed();
    communeTable = createWeightedTable(
      Array.from({ length: table.count }, (_, at) => [communeAt(table, at), table.weights[at] as number] as const),
    );
  }
  return communeTable;
}

/** The département part of a postcode: two digits, three overseas (971-978). */
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

/** The place a name after "de" stands for ("des Lilas": Les Lilas, "d'Oyonnax": Oyonnax), or undefined if it does not read so. */
export function placeFromDe(name: string): string | undefined {
  if (name.startsWith('du ')) return `Le ${name.slice(3)}`;
  if (name.startsWith('des ')) return `Les ${name.slice(4)}`;
  if (name.startsWith('de la ')) return `La ${name.slice(6)}`;
  if (name.startsWith("de l'")) return `L'${name.slice(5)}`;
  if (name.startsWith('de ')) return name.slice(3);
  if (name.startsWith("d'")) return name.slice(2);
  return undefined;
}

/** Lines of each EPCI and the names listed apart for it (NEIGHBOUR_NAMES), built on the first road drawn. */
let groupMembers: Map<number, { lines: number[]; names: string[] }> | undefined;
function membersOf(table: CommuneIndex, group: number): { lines: number[]; names: string[] } | undefined {
  if (groupMembers === undefined) {
    const all = new Map<number, { lines: number[]; names: string[] }>();
    const entry = (g: number): { lines: number[]; names: string[] } => {
      let members = all.get(g);
      if (members === undefined) all.set(g, (members = { lines: [], names: [] }));
      return members;
    };
    for (let at = 0; at < table.count; at++) if (table.groups[at] !== 0) entry(table.groups[at] as number).lines.push(at);
    for (const line of NEIGHBOUR_NAMES === '' ? [] : NEIGHBOUR_NAMES.split('\n')) {
      const semicolon = line.indexOf(';');
      entry(parseInt(line.slice(0, semicolon), 36)).names.push(line.slice(semicolon + 1));
    }
    groupMembers = all;
  }
  return groupMembers.get(group);
}

/**
 * The roads of line `at` that lead to a neighbour, "Route de Manosque" or "Chemin de Manosque" (`chemins`): one per other
 * commune of its intercommunality (EPCI) in the same département, with another name. Names starting with H are left out
 * (whether "de" elides before them depends on the word). Built once per line.
 */
function buildRoads(table: CommuneIndex, at: number, chemins: boolean): readonly string[] {
  const name = nameAt(table, at);
  const members = table.groups[at] === 0 ? undefined : membersOf(table, table.groups[at] as number);
  const targets = new Set<string>();
  for (const line of members?.lines ?? []) {
    const other = nameAt(table, line);
    if (line !== at && table.departements[line] === table.departements[at] && other !== name) targets.add(other);
  }
  for (const other of members?.names ?? []) if (other !== name) targets.add(other);
  const withDe = [...targets].filter((other) => other.charCodeAt(0) !== 72 /* H */).map(placeWithDe);
  table.routes[at] = withDe.map((de) => ['Route', de].join(' '));
  table.chemins[at] = withDe.map((de) => ['Chemin', de].join(' '));
  return (chemins ? table.chemins[at] : table.routes[at]) as readonly string[];
}

/** The commune at position `at` after "de", cached. */
function communeWithDe(at: number): string {
  const table = communes as CommuneIndex;
  return (table.withDe[at] ??= placeWithDe(nameAt(table, at)));
}

// prettier-ignore
const STREET_LISTS = {
  PEOPLE: STREET_PEOPLE, DATES: STREET_DATES, TOWN: STREET_TOWN, NATURE: STREET_NATURE, RURAL: STREET_RURAL,
  SAINTS: STREET_SAINTS, WATER: STREET_WATER, OTHER_PLACE: STREET_PLACES, NATIONALE: ['Nationale'], TOWARDS: [],
  COASTAL: STREET_COASTAL,
} as const;
type StreetList = keyof typeof STREET_LISTS;

/**
 * What each street type is named after (shares in percent), the smallest size class it is found in, and how high its
 * numbers go in each size class (under 2,000 inhabitants, 5,000, 20,000, 100,000, above). Names agree with their type:
 * "Nationale" only after Rue, Avenue or Route; routes lead to a neighbouring commune (TOWARDS); flowers and trees name
 * housing-estate streets, not boulevards; avenues from small towns up, boulevards, quays and cours in towns. Roads are
 * numbered in metres from their start outside dense cities, so their numbers reach the hundreds. Coastal communes add
 * seaside names (COASTAL), the tropical overseas ones use their own trees and countryside.
 */
// prettier-ignore
const STREET_KINDS: ReadonlyArray<readonly [type: string, smallest: number, numbers: readonly number[], names: ReadonlyArray<readonly [StreetList, number]>]> = [
  ['Rue', 0, [80, 120, 150, 200, 300], [['PEOPLE', 35], ['DATES', 4], ['TOWN', 20], ['NATURE', 12], ['RURAL', 12], ['OTHER_PLACE', 8], ['SAINTS', 6], ['NATIONALE', 2], ['COASTAL', 6]]],
  ['Avenue', 1, [0, 120, 200, 250, 300], [['PEOPLE', 55], ['DATES', 8], ['TOWN', 15], ['OTHER_PLACE', 15], ['NATIONALE', 3], ['COASTAL', 8]]],
  ['Boulevard', 2, [0, 0, 150, 200, 250], [['PEOPLE', 65], ['DATES', 10], ['OTHER_PLACE', 25], ['COASTAL', 10]]],
  ['Place', 0, [30, 40, 40, 50, 50], [['PEOPLE', 40], ['DATES', 10], ['TOWN', 40], ['SAINTS', 10], ['COASTAL', 5]]],
  ['Impasse', 0, [20, 25, 25, 25, 30], [['PEOPLE', 20], ['TOWN', 15], ['NATURE', 30], ['RURAL', 30], ['SAINTS', 5], ['COASTAL', 6]]],
  ['Allée', 0, [40, 60, 60, 60, 80], [['PEOPLE', 25], ['NATURE', 50], ['RURAL', 20], ['SAINTS', 5], ['COASTAL', 8]]],
  ['Chemin', 0, [999, 999, 999, 999, 999], [['TOWARDS', 35], ['RURAL', 65], ['COASTAL', 8]]],
  ['Route', 0, [999, 999, 999, 999, 999], [['TOWARDS', 92], ['NATIONALE', 8]]],
  ['Quai', 2, [0, 0, 90, 90, 120], [['PEOPLE', 60], ['WATER', 40], ['COASTAL', 40]]],
  ['Cours', 2, [0, 0, 120, 120, 150], [['PEOPLE', 80], ['TOWN', 20]]],
];
/** Highest numbers of chemins and routes in a dense city, where they are short town streets. */
const DENSE_CHEMIN = 99;
const DENSE_ROUTE = 150;
const CHEMIN = STREET_KINDS.findIndex(([type]) => type === 'Chemin');

/**
 * Every (type, name) line in one weighted index: one draw per street. A type found only from some size class up (avenues,
 * boulevards, quays, cours) has its share divided by those classes' share of the population, and a draw that lands on it
 * in a smaller commune is drawn again: over all communes each type keeps about its share (a test measures them). Seaside
 * names are drawn again inland; the tropical communes read their own trees and countryside in place of the temperate ones
 * (TROPICAL_LINE). The weights are computed up front (the draw needs them all); an entry is built when it is first drawn.
 */
interface StreetIndex {
  readonly index: WeightedIndex;
  /** Each position's street kind (a row of STREET_KINDS), its list (TOWARDS for a road to a neighbour) and place in it. */
  readonly kinds: Uint8Array;
  readonly lists: ReadonlyArray<StreetList>;
  readonly positions: Uint16Array;
  /**
   * What a draw reads of entry `at`, in STREET_SLOTS slots from `STREET_SLOTS * at` of one dense array (one cache line,
   * where an array of entry objects costs two: with the tables out of cache between two requests of a server, each line is
   * a miss):
   * - LINE: "Type name", ready to follow the number; undefined for a road to a neighbour, built per commune;
   * - TOWN_NAME: the name alone, when it reads as a place after "de" ("des Lilas": Les Lilas): such a street is never in that
   *   town. Whether such a town is in the table need not be known: a commune whose name after "de" equals it is that town
   *   (a test proves `placeFromDe` inverts `placeWithDe` on every commune), so the check is the same and needs no set of
   *   every name;
   * - BITS: the street kind times 2,048, plus LANDMARK (towns of 2,000 or more only), plus the town name's length (0 for
   *   none) times 4, plus ROAD (Paris has no routes or chemins) and SEASIDE (coastal communes only); undefined until the
   *   entry is built;
   * - TROPICAL_LINE: the line a tropical commune reads instead (its own trees and countryside), or LINE's.
   */
  readonly slots: (string | number | undefined)[];
  /**
   * The same slots, by alias column of `index` and for both of the column's outcomes: its own entry's from
   * `2 * STREET_SLOTS * column`, its alias's STREET_SLOTS further, each copied from `slots` when first drawn through that
   * column. As for the communes' `byColumn`: a draw reads both before the column's cell.
   */
  readonly byColumn: (string | number | undefined)[];
}

const STREET_SLOTS = 4;
const LINE = 0;
const TOWN_NAME = 1;
const BITS = 2;
const TROPICAL_LINE = 3;
const ROAD = 1;
const SEASIDE = 2;
const LANDMARK = 1024;
/** The smallest size class each street kind is found in, and its highest number by size class (kind x 5 + class). */
const SMALLEST_CLASS: Uint8Array = Uint8Array.from(STREET_KINDS.map(([, smallest]) => smallest));
const MAX_NUMBERS: Int32Array = Int32Array.from(STREET_KINDS.flatMap(([, , numbers]) => numbers));

let streetIndex: StreetIndex | undefined;
function loadStreets(table: CommuneIndex): StreetIndex {
  if (streetIndex) return streetIndex;
  const shares = new Map(STREET_TYPES);
  const weights: number[] = [];
  const kinds: number[] = [];
  const lists: StreetList[] = [];
  const positions: number[] = [];
  STREET_KINDS.forEach(([type, smallest, , kindLists], kind) => {
    let allowed = 0;
    for (let c = smallest; c < 5; c++) allowed += table.classShares[c] as number;
    const typeWeight = (shares.get(type) as number) / allowed;
    const listTotal = kindLists.reduce((sum, [, share]) => sum + share, 0);
    for (const [list, share] of kindLists) {
      const names = STREET_LISTS[list];
      const length = list === 'TOWARDS' ? 1 : names.length;
      for (let position = 0; position < length; position++) {
        weights.push(((typeWeight * share) / listTotal) * (list === 'TOWARDS' ? 1 : 1 / names.length));
        kinds.push(kind);
        lists.push(list);
        positions.push(position);
      }
    }
  });
  streetIndex = {
    index: createWeightedIndex(weights),
    kinds: Uint8Array.from(kinds),
    lists,
    positions: Uint16Array.from(positions),
    slots: new Array<string | number | undefined>(STREET_SLOTS * weights.length).fill(undefined),
    byColumn: new Array<string | number | undefined>(2 * STREET_SLOTS * weights.length).fill(undefined),
  };
  return streetIndex;
}

/** Where entry `at`'s slots start, the entry built on first use. */
function streetSlots(table: StreetIndex, at: number): number {
  const first = STREET_SLOTS * at;
  if (table.slots[first + BITS] === undefined) buildStreet(table, at, first);
  return first;
}

/** Copies entry `at`'s slots (built if need be) to `byColumn` from `first`, when first drawn through that column. */
function copyStreetSlots(table: StreetIndex, at: number, first: number): void {
  const from = streetSlots(table, at);
  for (let k = 0; k < STREET_SLOTS; k++) table.byColumn[first + k] = table.slots[from + k];
}

/** Copies line `at`'s name and single postcode (the line decoded if need be) to `byColumn` from `first`. */
function copyCommuneSlots(table: CommuneIndex, at: number, first: number): void {
  table.byColumn[first] = nameAt(table, at);
  table.byColumn[first + 1] = table.draws[2 * at + 1];
}

/** The tropical communes' own trees and countryside, in place of the temperate lists (position modulo their length). */
const TROPICAL_LISTS: Partial<Record<StreetList, readonly string[]>> = { NATURE: STREET_TROPICAL_NATURE, RURAL: STREET_TROPICAL_RURAL };

function buildStreet(table: StreetIndex, at: number, first: number): void {
  const kind = table.kinds[at] as number;
  const type = (STREET_KINDS[kind] as (typeof STREET_KINDS)[number])[0];
  const list = table.lists[at] as StreetList;
  const position = table.positions[at] as number;
  const name = list === 'TOWARDS' ? undefined : (STREET_LISTS[list][position] as string);
  const road = type === 'Route' || type === 'Chemin';
  const slots = table.slots;
  // join() makes one flat string: a template literal would keep "Rue " and the name as two pieces that every response
  // built from the line walks and copies again.
  slots[first + LINE] = name === undefined ? undefined : [type, name].join(' ');
  const townName = name !== undefined && placeFromDe(name) !== undefined ? name : undefined;
  slots[first + TOWN_NAME] = townName;
  slots[first + BITS] =
    kind * 2048 +
    (name !== undefined && TOWN_LANDMARKS.includes(name) ? LANDMARK : 0) +
    (townName === undefined ? 0 : townName.length * 4) +
    (road ? ROAD : 0) +
    (list === 'COASTAL' ? SEASIDE : 0);
  const tropical = TROPICAL_LISTS[list];
  slots[first + TROPICAL_LINE] = tropical === undefined ? slots[first + LINE] : [type, tropical[position % tropical.length]].join(' ');
}

// Street numbers with the space that follows them, so that a line costs one concatenation.
const NUMBERS: readonly string[] = Array.from({ length: 1000 }, (_, n) => `${n} `);

/** A postal address line, city and postcode. */
export interface Address {
  street_address: string;
  city: string;
  postcode: string;
}

/** Street numbers (with a trailing space) are mostly small, up to the maximum (roads in the hundreds, impasses in the tens). */
function drawStreetNumber(random: RandomSource, max: number): string {
  const u = random.next();
  const n = NUMBERS[1 + Math.floor(max * u * u)] as string;
  const suffix = random.next();
  return suffix < 0.03 ? `${n}bis ` : suffix < 0.04 ? `${n}ter ` : n;
}

/** The table line of the commune the last `drawAddress` drew, for the fields that depend on it. */
let drawnLine = 0;

/** What an address's commune says about the rest of a record. */
export interface CommuneFacts {
  /** Its line in the commune table. */
  readonly line: number;
  /** 0 under 2,000 inhabitants, 1 under 5,000, 2 under 20,000, 3 under 100,000, 4 above. */
  readonly sizeClass: number;
  /** Its COASTAL, TROPICAL and DENSE bits (and PARIS's). */
  readonly flags: number;
  /** Its population to the nearest ten, as the table weighs a commune of 5,000 or more; 0 for smaller ones. */
  readonly population: number;
  /** The line's first postcode. */
  readonly firstPostcode: string;
}

/** The commune of table line `line`: its size class, bits and population. */
export function communeFactsAt(line: number): CommuneFacts {
  const table = indexed();
  const size = table.sizes[line] as number;
  const whole = size >= 2 ? (table.weights[line] as number) * 10 : 0;
  return {
    line,
    sizeClass: size,
    flags: table.flags[line] as number,
    // An arrondissement of Paris, Lyon or Marseille (their lines are dense) stands for a city of 100,000 or more.
    population: size === 4 ? Math.max(whole, 100_000) : whole,
    firstPostcode: String(table.firstPostcodes[line]).padStart(5, '0'),
  };
}

/** The table line of the commune of the last `drawAddress` (or `drawAddressIn`, `drawAddressNear`) call. */
export const drawnCommuneLine = (): number => drawnLine;

/** Whether a commune's bits mark it as Paris. */
export const isParis = (flags: number): boolean => (flags & PARIS) !== 0;

/**
 * The (city, postcode) pairs of the other communes of table line `line`'s département whose postcode that commune does not
 * have: a postcode that is not the city's, whatever else it may be. The département is the line's own, because names are
 * unique only within one: a postcode of another département can be a namesake's (Saint-Denis 93200 and 97400). Empty for
 * Paris, whose département is the city.
 */
export function otherPostcodesOf(line: number): { city: string; postcode: string; weight: number }[] {
  const table = indexed();
  const departement = table.departements[line] as number;
  let from = line;
  let to = line;
  while (from > 0 && table.departements[from - 1] === departement) from--;
  while (to < table.count - 1 && table.departements[to + 1] === departement) to++;
  const name = communeAt(table, line).name;
  const own = new Set<string>();
  for (let at = from; at <= to; at++) if (communeAt(table, at).name === name) for (const p of communeAt(table, at).postcodes) own.add(p);
  const prefix = departementOfPostcode(String(table.firstPostcodes[line]).padStart(5, '0'));
  const out: { city: string; postcode: string; weight: number }[] = [];
  for (let at = from; at <= to; at++) {
    const commune = communeAt(table, at);
    if (commune.name === name) continue;
    for (const postcode of commune.postcodes) {
      if (!own.has(postcode) && departementOfPostcode(postcode) === prefix)
        out.push({ city: commune.name, postcode, weight: commune.weight });
    }
  }
  return out;
}

/**
 * What the name drawn after an address may say of its commune, read from the last `drawAddress` call: 1 for a coastal
 * commune, plus its size class times 2, plus its département (three digits overseas) times 16.
 */
export function drawnCommuneNaming(): number {
  const table = indexed();
  const at = drawnLine;
  return ((table.flags[at] as number) & COASTAL) + (table.sizes[at] as number) * 2 + (table.departements[at] as number) * 16;
}

/** The size class of the commune of the last `drawAddress` call (read by the establishment draw that follows it). */
export const drawnCommuneSizeClass = (): number => indexed().sizes[drawnLine] as number;

/**
 * Draws an address: a (city, postcode) pair from the official commune register weighted by population, and a street line
 * whose type, name and number agree with the commune ("12 Rue des Lilas", "340 Route de Manosque").
 */
export function drawAddress(random: RandomSource): Address {
  const table = indexed();
  // Each draw as index.drawIndex makes it, in steps: both outcomes of the column are read before its cell (see byColumn).
  const byColumn = table.byColumn;
  const u = random.next();
  const column = table.index.columnOf(u);
  const own = byColumn[4 * column];
  const alias = byColumn[4 * column + 2];
  const aliased = table.index.takesAlias(u, column);
  const at = aliased ? table.index.aliasOf(column) : column;
  const pair = aliased ? 4 * column + 2 : 4 * column;
  if ((aliased ? alias : own) === undefined) copyCommuneSlots(table, at, pair);
  const city = byColumn[pair] as string;
  const postcode = byColumn[pair + 1] ?? pick(random, (table.communes[at] as Commune).postcodes);
  return drawStreetIn(random, table, at, city, postcode);
}

/** Draws an address in the commune of table line `line`: one of its postcodes and a street that agrees with it. */
export function drawAddressIn(random: RandomSource, line: number): Address {
  const table = indexed();
  const commune = communeAt(table, line);
  const postcode = commune.postcodes.length === 1 ? (commune.postcodes[0] as string) : pick(random, commune.postcodes);
  return drawStreetIn(random, table, line, commune.name, postcode);
}

/** Each département's lines (they are contiguous, in postcode order) and their weights, built on first use. */
const departementIndexes = new Map<number, { readonly from: number; readonly index: WeightedIndex }>();

/**
 * Draws an address in the département of table line `line`: a commune of that département weighted by population, as
 * `drawAddress` weighs the whole table, and a street that agrees with it.
 */
export function drawAddressNear(random: RandomSource, line: number): Address {
  const table = indexed();
  const departement = table.departements[line] as number;
  let range = departementIndexes.get(departement);
  if (range === undefined) {
    let from = line;
    let to = line;
    while (from > 0 && table.departements[from - 1] === departement) from--;
    while (to < table.count - 1 && table.departements[to + 1] === departement) to++;
    range = { from, index: createWeightedIndex(table.weights.slice(from, to + 1)) };
    departementIndexes.set(departement, range);
  }
  return drawAddressIn(random, range.from + range.index.drawIndex(random));
}

/** Draws a street line for the commune of table line `at` (named `city`, at `postcode`), and notes the line as drawn. */
function drawStreetIn(random: RandomSource, table: CommuneIndex, at: number, city: string, postcode: string): Address {
  drawnLine = at;
  const flags = table.flags[at] as number;
  const size = table.sizes[at] as number;
  const streets = streetIndex ?? loadStreets(table);
  const slots = streets.byColumn;
  for (;;) {
    const v = random.next();
    const streetColumn = streets.index.columnOf(v);
    const ownBits = slots[2 * STREET_SLOTS * streetColumn + BITS];
    const aliasBits = slots[2 * STREET_SLOTS * streetColumn + STREET_SLOTS + BITS];
    const streetAliased = streets.index.takesAlias(v, streetColumn);
    const first = 2 * STREET_SLOTS * streetColumn + (streetAliased ? STREET_SLOTS : 0);
    if ((streetAliased ? aliasBits : ownBits) === undefined)
      copyStreetSlots(streets, streetAliased ? streets.index.aliasOf(streetColumn) : streetColumn, first);
    const bits = slots[first + BITS] as number;
    const kind = bits >>> 11;
    // A type or a landmark the commune is too small for, a seaside name inland, a road in Paris: drawn again.
    if (size < (SMALLEST_CLASS[kind] as number) || ((bits & SEASIDE) !== 0 && (flags & COASTAL) === 0)) continue;
    if ((bits & LANDMARK) !== 0 && size === 0) continue;
    if ((bits & ROAD) !== 0 && (flags & PARIS) !== 0) continue;
    let line = slots[first + ((flags & TROPICAL) !== 0 ? TROPICAL_LINE : LINE)] as string | undefined;
    if (line === undefined) {
      const chemin = kind === CHEMIN;
      const roads = (chemin ? table.chemins[at] : table.routes[at]) ?? buildRoads(table, at, chemin);
      if (roads.length === 0) continue;
      line = pick(random, roads);
    } else {
      // A street named after a town is never in that town ("Impasse des Lilas" in Les Lilas).
      const townLength = (bits >>> 2) & 255;
      if (townLength !== 0 && townLength === table.withDeLengths[at] && slots[first + TOWN_NAME] === communeWithDe(at)) continue;
    }
    const max =
      (flags & DENSE) !== 0 && (bits & ROAD) !== 0
        ? kind === CHEMIN
          ? DENSE_CHEMIN
          : DENSE_ROUTE
        : (MAX_NUMBERS[5 * kind + size] as number);
    return { street_address: drawStreetNumber(random, max) + line, city, postcode };
  }
}
