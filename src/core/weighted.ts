import type { RandomSource } from './random.js';

/** A list of values with integer weights, drawn in O(log n) by binary search over cumulative weights. */
export interface WeightedTable<T> {
  readonly values: readonly T[];
  readonly total: number;
  draw(random: RandomSource): T;
}

/**
 * Builds a weighted table from `[value, weight]` pairs. Weights are whole numbers; the draw uses one random float.
 * @example createWeightedTable([['SAS', 33], ['SARL', 18]]).draw(random)
 */
export function createWeightedTable<T>(entries: ReadonlyArray<readonly [T, number]>): WeightedTable<T> {
  const values = entries.map(([value]) => value);
  const cumulative = new Float64Array(entries.length);
  let total = 0;
  entries.forEach(([, weight], i) => {
    if (!(weight > 0)) throw new RangeError(`weight must be positive, got ${weight}`);
    total += weight;
    cumulative[i] = total;
  });
  return {
    values,
    total,
    draw(random) {
      const target = random.next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((cumulative[mid] as number) > target) hi = mid;
        else lo = mid + 1;
      }
      return values[lo] as T;
    },
  };
}
