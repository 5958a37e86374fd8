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
import { createWeightedIndex, createWeightedTable, type WeightedIndex, type WeightedTable } from './weighted.js';

/** One current French commune: its official name and the postcodes that serve it. */
export interface Commune {
  readonly name: string;
  readonly postcodes: readonly string[];
  /** The drawing weight: the population it stands for, in tens (small communes stand for a sample of their size class). */
  readonly weight: number;
}

/**
 * The commune table as the draws use it. One pass over the text reads what a draw needs of every line (its weight, first
 * postcode, village mark and where its name sits); a commune's name and further postcodes are read from the text only when
 * it is first drawn. No per-line object, substring or array is made up front: this is the first request's main cost.
 */
interface CommuneIndex {
  readonly count: number;
  readonly index: WeightedIndex;
  readonly weights: Float64Array;
  /**
   * The street kinds each line lacks, as street BITS: TOWN_ONLY for communes under 5,000 inhabitants (no boulevard, quay or
   * cours there), ROAD for Paris (no route or chemin). A draw reads it only for such a street, a few draws in ten.
   */
  readonly lacks: Uint8Array;
  /**
   * For each line, the neighbours a road may lead to (see drawNeighbour): bit o set when the line at offset o of the window
   * qualifies; bit NEIGHBOURS_KNOWN once computed. A road's draw then reads one slot instead of the names of the communes
   * around it, each a likely cache miss.
   */
  readonly neighbours: Int32Array;
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
   * array and that array's first slot, each a likely cache miss (13% of the generator's time in a profile). Draws read
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

function indexCommunes(text: string): CommuneIndex {
  // Lines: [.]base-36 weight;name;base-36 postcode delta from the previous line[,base-36 offsets of further postcodes];
  // a leading "." marks a village (scripts/build-communes.mjs writes them).
  let count = 1;
  for (let p = text.indexOf('\n'); p !== -1; p = text.indexOf('\n', p + 1)) count++;
  const weights = new Float64Array(count);
  const lacks = new Uint8Array(count);
  const firstPostcodes = new Int32Array(count);
  const departements = new Uint16Array(count);
  const nameStarts = new Uint32Array(count);
  const nameEnds = new Uint32Array(count);
  const lineEnds = new Uint32Array(count);
  const length = text.length;
  let at = 0;
  let previous = 0;
  for (let i = 0; i < count; i++) {
    if (text.charCodeAt(at) === 46 /* . */) {
      lacks[i] = TOWN_ONLY;
      at++;
    }
    let weight = 0;
    for (let code = text.charCodeAt(at); at < length && code !== 59 /* ; */; code = text.charCodeAt(++at))
      weight = weight * 36 + base36(code);
    weights[i] = weight;
    nameStarts[i] = ++at;
    at = text.indexOf(';', at);
    nameEnds[i] = at;
    if (at - (nameStarts[i] as number) === 5 && text.startsWith('Paris', nameStarts[i])) lacks[i] = (lacks[i] as number) | ROAD;
    let delta = 0;
    for (let code = text.charCodeAt(++at); at < length && code !== 44 /* , */ && code !== 10 /* \n */; code = text.charCodeAt(++at)) {
      delta = delta * 36 + base36(code);
    }
    previous += delta;
    firstPostcodes[i] = previous;
    departements[i] = previous >= 97000 && previous < 98000 ? Math.floor(previous / 100) : Math.floor(previous / 1000);
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? length : newline;
    lineEnds[i] = end;
    at = end + 1;
  }
  return {
    count,
    index: createWeightedIndex(weights),
    weights,
    lacks,
    neighbours: new Int32Array(count),
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
 * The commune table holds an "œ", so V8 keeps the whole table, and every slice of it, two bytes per character: each
 * response with a city was then flattened into a two-byte string (a profile of the server showed
 * `WriteToFlat<unsigned short>` and the two-byte UTF-8 path) though its text fits one byte. The copy is made once per
 * commune, when it is first drawn.
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
  const comma = COMMUNES_TABLE.indexOf(',', table.nameEnds[at]);
  if (comma !== -1 && comma < lineEnd) {
    for (const offset of COMMUNES_TABLE.slice(comma + 1, lineEnd).split(',')) codes.push(first + parseInt(offset, 36));
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

const NEIGHBOUR_SPAN = 12;

const NEIGHBOURS_KNOWN = 1 << (2 * NEIGHBOUR_SPAN);

/** The line at window offset `o` (0 .. 2 * NEIGHBOUR_SPAN - 1) around line `at`: 12 before it, then 12 after it. */
const neighbourAt = (at: number, o: number): number => at + (o >= NEIGHBOUR_SPAN ? o - NEIGHBOUR_SPAN + 1 : o - NEIGHBOUR_SPAN);

/** Which window offsets around line `at` hold a commune a road may lead to: same département, another name, not an H. */
function neighbourMask(table: CommuneIndex, at: number): number {
  const name = nameAt(table, at);
  const departement = table.departements[at];
  let mask = NEIGHBOURS_KNOWN;
  for (let o = 0; o < 2 * NEIGHBOUR_SPAN; o++) {
    const j = neighbourAt(at, o);
    if (j < 0 || j >= table.count || table.departements[j] !== departement) continue;
    const other = nameAt(table, j);
    if (other !== name && other.charCodeAt(0) !== 72 /* H */) mask |= 1 << o;
  }
  table.neighbours[at] = mask;
  return mask;
}

/**
 * A commune near `commune` for a road to lead to: one of the table's communes close to it in postcode order, in the same
 * département, with another name, the first that qualifies from a random place in the window. Names starting with H are
 * left out (whether "de" elides before them depends on the word).
 */
function drawNeighbour(random: RandomSource, at: number): number | undefined {
  const table = communes as CommuneIndex;
  const known = table.neighbours[at] as number;
  const mask = known === 0 ? neighbourMask(table, at) : known;
  const start = Math.floor(random.next() * 2 * NEIGHBOUR_SPAN);
  for (let k = 0; k < 2 * NEIGHBOUR_SPAN; k++) {
    const o = (start + k) % (2 * NEIGHBOUR_SPAN);
    if ((mask & (1 << o)) !== 0) return neighbourAt(at, o);
  }
  return undefined;
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

/**
 * Every (type, name) line in one weighted index, weighted by type share x list share / list length: one draw per street.
 * The weights are computed up front (the draw needs them all); an entry is built when it is first drawn.
 */
interface StreetIndex {
  readonly index: WeightedIndex;
  /** Each position's street kind (a row of STREET_KINDS), its list (TOWARDS for a road to a neighbour) and place in it. */
  readonly kinds: Uint8Array;
  readonly lists: ReadonlyArray<StreetList>;
  readonly positions: Uint16Array;
  /**
   * What a draw reads of entry `at`, in four slots from `STREET_SLOTS * at` of one dense array (one cache line, where an
   * array of entry objects costs two: with the tables out of cache between two requests of a server, each line is a miss):
   * - LINE: "Type name", ready to follow the number; undefined for a road to a neighbour, built per commune;
   * - TOWN_NAME: the name alone, when it reads as a place after "de" ("des Lilas": Les Lilas): such a street is never in that
   *   town. Whether such a town is in the table need not be known: a commune whose name after "de" equals it is that town
   *   (a test proves `placeFromDe` inverts `placeWithDe` on every commune), so the check is the same and needs no set of
   *   every name;
   * - BITS: the highest street number times 1,024, plus the town name's length (0 for none) times 4, plus TOWN_ONLY
   *   (boulevards, quays and cours belong to towns, not villages) and ROAD (Paris has no routes or chemins); undefined until
   *   the entry is built;
   * - TYPE: the street type, for a road to a neighbour.
   */
  readonly slots: (string | number | undefined)[];
  /**
   * The same four slots, by alias column of `index` and for both of the column's outcomes: its own entry's from
   * `2 * STREET_SLOTS * column`, its alias's STREET_SLOTS further, each copied from `slots` when first drawn through that
   * column. As for the communes' `byColumn`: a draw reads both before the column's cell.
   */
  readonly byColumn: (string | number | undefined)[];
}

const STREET_SLOTS = 4;
const LINE = 0;
const TOWN_NAME = 1;
const BITS = 2;
const TYPE = 3;
const TOWN_ONLY = 2;
const ROAD = 1;

let streetIndex: StreetIndex | undefined;
function loadStreets(): StreetIndex {
  if (streetIndex) return streetIndex;
  const shares = new Map(STREET_TYPES);
  let count = 0;
  for (const [, , lists] of STREET_KINDS) for (const [list] of lists) count += list === 'TOWARDS' ? 1 : STREET_LISTS[list].length;
  const weights = new Float64Array(count);
  const kinds = new Uint8Array(count);
  const lists = new Array<StreetList>(count);
  const positions = new Uint16Array(count);
  let at = 0;
  STREET_KINDS.forEach(([type, , kindLists], kind) => {
    const listTotal = kindLists.reduce((sum, [, share]) => sum + share, 0);
    for (const [list, share] of kindLists) {
      const weight = ((shares.get(type) as number) * share) / listTotal;
      const names = STREET_LISTS[list];
      const length = list === 'TOWARDS' ? 1 : names.length;
      for (let position = 0; position < length; position++, at++) {
        weights[at] = list === 'TOWARDS' ? weight : weight / names.length;
        kinds[at] = kind;
        lists[at] = list;
        positions[at] = position;
      }
    }
  });
  streetIndex = {
    index: createWeightedIndex(weights),
    kinds,
    lists,
    positions,
    slots: new Array<string | number | undefined>(STREET_SLOTS * count).fill(undefined),
    byColumn: new Array<string | number | undefined>(2 * STREET_SLOTS * count).fill(undefined),
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

function buildStreet(table: StreetIndex, at: number, first: number): void {
  const [type, maxNumber] = STREET_KINDS[table.kinds[at] as number] as (typeof STREET_KINDS)[number];
  const list = table.lists[at] as StreetList;
  const name = list === 'TOWARDS' ? undefined : (STREET_LISTS[list][table.positions[at] as number] as string);
  const town = type === 'Boulevard' || type === 'Quai' || type === 'Cours';
  const road = type === 'Route' || type === 'Chemin';
  const slots = table.slots;
  // join() makes one flat string: a template literal would keep "Rue " and the name as two pieces that every response
  // built from the line walks and copies again.
  slots[first + LINE] = name === undefined ? undefined : [type, name].join(' ');
  const townName = name !== undefined && placeFromDe(name) !== undefined ? name : undefined;
  slots[first + TOWN_NAME] = townName;
  slots[first + BITS] = maxNumber * 1024 + (townName === undefined ? 0 : townName.length * 4) + (town ? TOWN_ONLY : 0) + (road ? ROAD : 0);
  slots[first + TYPE] = type;
}

// Roads towards a neighbour, "Route de Manosque", built once per (type, commune).
const roadLines = new Map<string, Array<string | undefined>>();
function roadLine(type: string, at: number): string {
  let lines = roadLines.get(type);
  if (lines === undefined) roadLines.set(type, (lines = new Array<string | undefined>(indexed().count).fill(undefined)));
  return (lines[at] ??= [type, communeWithDe(at)].join(' '));
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
  const table = indexed();
  const streets = loadStreets();
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
  const lacks = table.lacks;
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
    if ((bits & (TOWN_ONLY | ROAD)) !== 0 && (bits & (lacks[at] as number)) !== 0) continue;
    let line = slots[first + LINE] as string | undefined;
    if (line === undefined) {
      const other = drawNeighbour(random, at);
      if (other === undefined) continue;
      line = roadLine(slots[first + TYPE] as string, other);
    } else {
      // A street named after a town is never in that town ("Impasse des Lilas" in Les Lilas).
      const townLength = (bits >>> 2) & 255;
      if (townLength !== 0 && townLength === table.withDeLengths[at] && slots[first + TOWN_NAME] === communeWithDe(at)) continue;
    }
    return { street_address: drawStreetNumber(random, bits >>> 10) + line, city, postcode };
  }
}
