import { describe, expect, it } from 'vitest';
import { createRandom, type RandomSource } from './random.js';
import { createWeightedIndex } from './weighted.js';

/** A source that returns `u` once. */
const once = (u: number): RandomSource => ({ next: () => u });

describe('createWeightedIndex', () => {
  it('draws positions in proportion to their weights', () => {
    const index = createWeightedIndex(new Float64Array([6, 3, 1]));
    const random = createRandom(7);
    const counts = [0, 0, 0];
    for (let i = 0; i < 100_000; i++) counts[index.drawIndex(random)]! += 1;
    expect(counts[0]! / 100_000).toBeCloseTo(0.6, 2);
    expect(counts[1]! / 100_000).toBeCloseTo(0.3, 2);
    expect(counts[2]! / 100_000).toBeCloseTo(0.1, 2);
  });

  it('draws in steps (column, alias or not) exactly the position drawIndex draws', () => {
    // Uneven weights, so that many columns have an alias and a cell strictly between 0 and 1.
    const weights = Float64Array.from({ length: 997 }, (_, i) => 1 + ((i * 7919) % 1000) ** 2);
    const index = createWeightedIndex(weights);
    const random = createRandom(42);
    const values = [0, 1 - 2 ** -32];
    for (let i = 0; i < 200_000; i++) values.push(random.next());
    // Just below, at and just above each column's edge, where rounding would show first.
    for (let column = 0; column < weights.length; column++) {
      const edge = column / weights.length;
      values.push(edge, Math.max(0, edge - 2 ** -32), edge + 2 ** -32);
    }
    let aliased = 0;
    const differing: number[] = [];
    for (const u of values) {
      const column = index.columnOf(u);
      const takesAlias = index.takesAlias(u, column);
      if (takesAlias) aliased++;
      if ((takesAlias ? index.aliasOf(column) : column) !== index.drawIndex(once(u))) differing.push(u);
    }
    expect(differing).toEqual([]);
    // Both outcomes were reached many times.
    expect(aliased).toBeGreaterThan(values.length / 10);
    expect(aliased).toBeLessThan(values.length - values.length / 10);
  });
});
