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
 * Builds a weighted table from `[value, weight]` pairs. The alias tables are built once with plain arithmetic in a fixed
 * order, so the same pairs give the same draws on every platform.
 * @example createWeightedTable([['SAS', 33], ['SARL', 18]]).draw(random)
 */
export function createWeightedTable<T>(entries: ReadonlyArray<readonly [T, number]>): WeightedTable<T> {
  const n = entries.length;
  if (n === 0) throw new RangeError('a weighted table needs at least one entry');
  const values = entries.map(([value]) => value);
  let total = 0;
  for (const [, weight] of entries) {
    if (!(weight > 0)) throw new RangeError(`weight must be positive, got ${weight}`);
    total += weight;
  }
  // Vose's alias method: each of the n columns holds its own value with probability `keep[i]`, else `alias[i]`.
  const keep = new Float64Array(n);
  const alias = new Uint32Array(n);
  const scaled = entries.map(([, weight]) => (weight * n) / total);
  const small: number[] = [];
  const large: number[] = [];
  scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
  while (small.length > 0 && large.length > 0) {
    const s = small.pop() as number;
    const l = large.pop() as number;
    keep[s] = scaled[s] as number;
    alias[s] = l;
    const rest = (scaled[l] as number) + (scaled[s] as number) - 1;
    scaled[l] = rest;
    (rest < 1 ? small : large).push(l);
  }
  for (const i of large) keep[i] = 1;
  for (const i of small) keep[i] = 1; // rounding leftovers
  return {
    values,
    total,
    draw(random) {
      const u = random.next() * n;
      const column = Math.floor(u);
      return values[u - column < (keep[column] as number) ? column : (alias[column] as number)] as T;
    },
    drawIndex(random) {
      const u = random.next() * n;
      const column = Math.floor(u);
      return u - column < (keep[column] as number) ? column : (alias[column] as number);
    },
  };
}
