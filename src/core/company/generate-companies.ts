import type { CompanyRecord } from './company-record.js';
import { drawSirenPrefix } from './company-story.js';
import { latestRecordOf, storyOf, unitOf, type CompanyStory, type CompanyUnit } from './company-unit.js';
import { createSirenSequence, MAX_DISTINCT_SIRENS, type SirenSequence } from '../identifiers/identifier-sequence.js';
import { createRandom, type SeededRandom } from '../random/random.js';

/** Any NAME_WINDOW consecutive records of a stream have distinct company names (so does any response: at most 100 records). */
export const NAME_WINDOW = 100;

/** Options for `generateCompanies` and `createCompanyStream`. */
export interface GenerateOptions {
  /**
   * Whole number 0..4294967295. The same seed gives the same records, byte for byte, on every platform; the first k records
   * of a seed do not depend on how many are asked for.
   */
  seed: number;
}

/** The largest seed accepted. */
export const MAX_SEED = 0xffffffff;

/** The largest number of records one seed can produce without repeating a SIRET. */
export const MAX_RECORDS_PER_SEED: number = MAX_DISTINCT_SIRENS;

/** Throws a RangeError for a seed that is not a whole number 0..MAX_SEED. */
export function checkSeed(seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new RangeError(`seed must be a whole number 0..${MAX_SEED}, got ${seed}`);
}

/** A stream of company records for one seed: `next()` returns record 0, 1, 2, ... */
export interface CompanyStream {
  next(): CompanyRecord;
  /** How many records `next()` has returned. */
  readonly index: number;
  /** What the last record was drawn from (its unit's legal form, SIREN, name and establishments, its NIC and commune). */
  story(): CompanyStory;
}

// Recent names are looked up by their hash (composed while each name is drawn, see drawnNameHash), not kept in a `Set`:
// V8 hashes a concatenated string only after copying it into a flat one. The table maps hashes to record numbers by open
// addressing with linear probing. It holds the records added since it was last built: a number older than the window is
// skipped (and dropped at the next rebuild), and a hash match is confirmed on the text.
// Probing always ends on an empty slot because RECENT_NAMES < MAX_ENTRIES < WINDOW_SLOTS (a power of two).
const WINDOW_SLOTS = 256;
const SLOT_MASK = WINDOW_SLOTS - 1;
/** Entries (live or stale) the table holds before it is rebuilt from the live ones: at most 62.5% full. */
const MAX_ENTRIES = 160;
/** How many earlier names a new one must differ from: NAME_WINDOW - 1. */
const RECENT_NAMES = NAME_WINDOW - 1;
const EMPTY = -1;
// Copied for each table: a packed array of numbers (no holes, so a read never looks at Array.prototype), made by one copy.
const EMPTY_SLOTS: readonly number[] = Array.from({ length: WINDOW_SLOTS }, () => EMPTY);

// A class, not an object literal with a getter and closures: a literal's accessor gets a new map per stream, and that map
// (in the old generation) keeps the stream's closures and everything they hold alive through young-generation GCs.
class SeededCompanyStream implements CompanyStream {
  readonly #seed: number;
  readonly #sirens: SirenSequence;
  readonly #random: SeededRandom;
  // The last RECENT_NAMES names and their hashes, record i's at i % RECENT_NAMES; grown as needed, so a short response
  // allocates little.
  readonly #ring: string[] = [];
  readonly #ringHashes: number[] = [];
  // Record numbers by hash; EMPTY marks an empty slot.
  #slots: number[] = EMPTY_SLOTS.slice();
  #entries = 0;
  #index = 0;
  // The last record's unit: a default response never asks for its story.
  #unit: CompanyUnit | undefined;

  constructor(seed: number) {
    this.#seed = seed;
    const keyStream = createRandom(seed ^ 0x5349524e); // "SIRN"
    this.#sirens = createSirenSequence([keyStream.nextUint32(), keyStream.nextUint32(), keyStream.nextUint32(), keyStream.nextUint32()]);
    this.#random = createRandom(seed);
  }

  get index(): number {
    return this.#index;
  }

  story(): CompanyStory {
    const unit = this.#unit;
    if (unit === undefined) throw new RangeError('no record drawn yet');
    return storyOf(unit, unit.nic, unit.line);
  }

  /** Whether `name` (of hash `hash`) is one of the RECENT_NAMES names before record `index`. */
  #isRecent(name: string, hash: number, index: number): boolean {
    const slots = this.#slots;
    const oldest = index - RECENT_NAMES;
    for (let slot = hash & SLOT_MASK; ; slot = (slot + 1) & SLOT_MASK) {
      const record = slots[slot] as number;
      if (record === EMPTY) return false;
      const at = record % RECENT_NAMES;
      if (record >= oldest && this.#ringHashes[at] === hash && this.#ring[at] === name) return true;
    }
  }

  #insert(hash: number, record: number): void {
    const slots = this.#slots;
    let slot = hash & SLOT_MASK;
    while (slots[slot] !== EMPTY) slot = (slot + 1) & SLOT_MASK;
    slots[slot] = record;
    this.#entries++;
  }

  /** Adds record `index`'s name, first rebuilding the table from the live entries when it is full enough. */
  #remember(name: string, hash: number, index: number): void {
    const ring = this.#ring;
    const ringHashes = this.#ringHashes;
    if (ring.length < RECENT_NAMES) {
      ring.push(name);
      ringHashes.push(hash);
    } else {
      ring[index % RECENT_NAMES] = name;
      ringHashes[index % RECENT_NAMES] = hash;
    }
    if (this.#entries >= MAX_ENTRIES) {
      // Only from record MAX_ENTRIES on: the records the next check compares with, the one being added comes below.
      this.#slots = EMPTY_SLOTS.slice();
      this.#entries = 0;
      for (let record = index - RECENT_NAMES + 1; record < index; record++)
        this.#insert(ringHashes[record % RECENT_NAMES] as number, record);
    }
    this.#insert(hash, index);
  }

  next(): CompanyRecord {
    const index = this.#index;
    if (index >= MAX_RECORDS_PER_SEED) throw new RangeError(`a seed gives at most ${MAX_RECORDS_PER_SEED} records`);
    // The main stream picks the first two digits of a SIREN (they date the unit), the prefix's keyed permutation the next
    // SIREN, and the world that SIREN's unit; a unit whose name one of the last records has is passed over for the next.
    const prefix = drawSirenPrefix(this.#random);
    let unit = unitOf(this.#seed, this.#sirens.next(prefix));
    while (this.#isRecent(unit.name, unit.nameHash, index)) unit = unitOf(this.#seed, this.#sirens.next(prefix));
    this.#remember(unit.name, unit.nameHash, index);
    this.#index = index + 1;
    this.#unit = unit;
    return latestRecordOf(unit);
  }
}

/**
 * A generator of company records for one seed: `next()` returns record 0, 1, 2, ... Two independent streams are drawn from
 * the seed: one keys the SIREN permutations (so SIRETs never repeat), the other draws each record's SIREN prefix (its
 * era). The record is the latest establishment of that SIREN's unit in the seed's world (`unitOf`), which a lookup of its
 * SIRET finds again. A SIREN whose unit has the name of one of the previous NAME_WINDOW - 1 records is passed over for the
 * next one, so a window of that many records never repeats a name; the window is a fixed-size ring, so memory stays flat
 * however long the stream.
 * @example const stream = createCompanyStream({ seed: 42 }); stream.next(); stream.next();
 */
export function createCompanyStream(options: GenerateOptions): CompanyStream {
  checkSeed(options.seed);
  return new SeededCompanyStream(options.seed);
}

/**
 * Generates `quantity` company records for a seed: valid SIREN/SIRET numbers (no SIRET repeated), French company names and
 * real (city, postcode) pairs.
 * @example generateCompanies(5, { seed: 42 })
 */
export function generateCompanies(quantity: number, options: GenerateOptions): CompanyRecord[] {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_RECORDS_PER_SEED) {
    throw new RangeError(`quantity must be a whole number 0..${MAX_RECORDS_PER_SEED}, got ${quantity}`);
  }
  const stream = createCompanyStream(options);
  const records = new Array<CompanyRecord>(quantity);
  for (let i = 0; i < quantity; i++) records[i] = stream.next();
  touchTableStrings(records);
  return records;
}

/** What `touchTableStrings` read, kept so that the reads are not optimised away. */
let touched = 0;

/**
 * Reads the length of each record's city and postcode, strings from the commune table that nothing has read yet (a draw
 * copies references to them). In a server the table is out of cache between two requests, so each is a cache miss. Taken
 * one by one, where a response body or a CSV row first reads them, the misses come one after another; in a loop that does
 * nothing else, the processor has many of them in flight at once.
 */
function touchTableStrings(records: readonly CompanyRecord[]): void {
  let length = touched & 1;
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as CompanyRecord;
    length += record.city.length + record.postcode.length;
  }
  touched = length;
}
