import type { RandomSource } from './random.js';

/** A list of values with weights, drawn in O(1) with one random float (Walker/Vose alias method). */
export interface WeightedTable<T> {
  readonly values: readonly T[];
  readonly total: number;
  draw(random: RandomSource): T;
  /** The position in `values` of the value `draw` would return for the same random state. */
  drawIndex(random: RandomSource): number;
}

/**
 * Vose's alias tables for `weights`, interleaved: column i holds its own index with probability `cells[2 * i]`, else the
 * index `cells[2 * i + 1]`. Side by side, a draw reads one cache line where two arrays cost two: with the draw loop's
 * tables out of cache between two requests of a server, each line read is a miss.
 */
interface AliasTables {
  readonly cells: Float64Array;
  readonly total: number;
}

/**
 * Vose's alias method over plain arithmetic in a fixed order, so the same weights give the same tables on every platform.
 * Typed arrays and index stacks rather than arrays of pairs and closures: nothing for the garbage collector, and fewer steps
 * for code that has not been compiled yet, since the commune table's tables are built on each process's first request.
 */
function createAliasTables(weights: ArrayLike<number>): AliasTables {
  const n = weights.length;
  if (n === 0) throw new RangeError('a weighted table needs at least one entry');
  let total = 0;
  for (let i = 0; i < n; i++) {
    const weight = weights[i] as number;
    if (!(weight > 0)) throw new RangeError(`weight must be positive, got ${weight}`);
    total += weight;
  }
  const keep = new Float64Array(n);
  const alias = new Uint32Array(n);
  const scaled = new Float64Array(n);
  // Each index sits in at most one stack at a time, so n slots each suffice.
  const small = new Uint32Array(n);
  const large = new Uint32Array(n);
  let smalls = 0;
  let larges = 0;
  for (let i = 0; i < n; i++) {
    const p = ((weights[i] as number) * n) / total;
    scaled[i] = p;
    if (p < 1) small[smalls++] = i;
    else large[larges++] = i;
  }
  while (smalls > 0 && larges > 0) {
    const s = small[--smalls] as number;
    const l = large[--larges] as number;
    keep[s] = scaled[s] as number;
    alias[s] = l;
    const rest = (scaled[l] as number) + (scaled[s] as number) - 1;
    scaled[l] = rest;
    if (rest < 1) small[smalls++] = l;
    else large[larges++] = l;
  }
  for (let i = 0; i < larges; i++) keep[large[i] as number] = 1;
  for (let i = 0; i < smalls; i++) keep[small[i] as number] = 1; // rounding leftovers
  const cells = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    cells[2 * i] = keep[i] as number;
    cells[2 * i + 1] = alias[i] as number;
  }
  return { cells, total };
}

/** Positions 0..n-1 drawn by weight: a weighted table without values, for tables whose values are decoded on demand. */
export interface WeightedIndex {
  readonly total: number;
  /** A position, drawn with one random float exactly as `WeightedTable.drawIndex` draws it for the same weights. */
  drawIndex(random: RandomSource): number;
  /**
   * `drawIndex` in steps, for a caller that keeps what it reads of each position by column, for both of the column's
   * outcomes: it can then read both before the column's cell, instead of one after the other. With the tables out of cache
   * (a server, between two requests), that is two cache misses at once instead of two in a row. For `u = random.next()`,
   * the position drawn is `takesAlias(u, c) ? aliasOf(c) : c` with `c = columnOf(u)`, as `drawIndex` gives.
   */
  columnOf(u: number): number;
  /** Whether the draw of `u` (a value of `random.next()`) takes the alias of its column `columnOf(u)`. */
  takesAlias(u: number, column: number): boolean;
  /** The position a column stands for when its draw takes the alias. */
  aliasOf(column: number): number;
}

// Classes rather than objects of closures: every index and table shares one set of methods, so the call sites that draw
// from many of them (a street table per commune size, a prefix table per legal form, a first-name table per birth cohort)
// stay monomorphic and inline the draw.
class AliasIndex implements WeightedIndex {
  readonly total: number;
  readonly #cells: Float64Array;
  readonly #n: number;

  constructor(weights: ArrayLike<number>) {
    const { cells, total } = createAliasTables(weights);
    this.#cells = cells;
    this.#n = weights.length;
    this.total = total;
  }

  drawIndex(random: RandomSource): number {
    const u = random.next() * this.#n;
    const column = Math.floor(u);
    return u - column < (this.#cells[2 * column] as number) ? column : (this.#cells[2 * column + 1] as number);
  }

  // The same arithmetic as drawIndex, in the same order, so the steps draw the same positions.
  columnOf(u: number): number {
    return Math.floor(u * this.#n);
  }

  takesAlias(u: number, column: number): boolean {
    return !(u * this.#n - column < (this.#cells[2 * column] as number));
  }

  aliasOf(column: number): number {
    return this.#cells[2 * column + 1] as number;
  }
}

class AliasTable<T> extends AliasIndex implements WeightedTable<T> {
  readonly values: readonly T[];

  constructor(values: readonly T[], weights: ArrayLike<number>) {
    super(weights);
    this.values = values;
  }

  draw(random: RandomSource): T {
    return this.values[this.drawIndex(random)] as T;
  }
}

/**
 * Builds a weighted index from the weights alone.
 * @example createWeightedIndex(new Float64Array([3, 1])).drawIndex(random)
 */
export function createWeightedIndex(weights: ArrayLike<number>): WeightedIndex {
  return new AliasIndex(weights);
}

/**
 * Builds a weighted table from `[value, weight]` pairs. The alias tables are built once with plain arithmetic in a fixed
 * order, so the same pairs give the same draws on every platform.
 * @example createWeightedTable([['SAS', 33], ['SARL', 18]]).draw(random)
 */
export function createWeightedTable<T>(entries: ReadonlyArray<readonly [T, number]>): WeightedTable<T> {
  const n = entries.length;
  // map() keeps the array packed (no holes), which the draw reads fastest.
  const values = entries.map(([value]) => value);
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) weights[i] = (entries[i] as readonly [T, number])[1];
  return new AliasTable(values, weights);
}
