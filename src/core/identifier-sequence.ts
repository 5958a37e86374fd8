import type { RandomSource } from './random.js';
import { createWeightedTable } from './weighted.js';

// A SIREN is 8 free digits plus a Luhn check digit. Generated ones start with 3-9 (0 is unused, 1 and 2 are public bodies),
// so the free part ranges over 30000000..99999999: 70 million values.
const FIRST_BODY = 30_000_000;
const BODY_COUNT = 70_000_000;
const LA_POSTE_BODY = 35_600_000 - FIRST_BODY; // SIREN 356000000
const HALF_BITS = 14;
const HALF_MASK = (1 << HALF_BITS) - 1;

/** How many distinct SIRENs one sequence can hand out before it would repeat one. */
export const MAX_DISTINCT_SIRENS = BODY_COUNT - 1;

/** Luhn digit sum of a whole number's decimal digits; `doubleFirst` doubles its last (units) digit. */
function luhnSumOf(value: number, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  while (value > 0) {
    let d = value % 10;
    if (double) d = d > 4 ? 2 * d - 9 : 2 * d;
    sum += d;
    double = !double;
    value = (value - (value % 10)) / 10;
  }
  return sum;
}

/**
 * Maps record indexes to distinct SIRENs. A keyed 4-round Feistel network permutes 28-bit values; cycle-walking keeps the
 * result inside the 70 million valid bodies (and skips La Poste's). Index i and index j != i never share a SIREN, so a batch
 * needs no set of seen numbers and streams in constant memory, and record i does not depend on how many records follow.
 */
export interface SirenSequence {
  /** The SIREN of record `index` (0 <= index < MAX_DISTINCT_SIRENS), as a 9-digit number. */
  sirenAt(index: number): number;
}

/** Creates the SIREN permutation for one key (four 32-bit round keys drawn from the seed's stream). */
export function createSirenSequence(keys: readonly [number, number, number, number]): SirenSequence {
  const [k0, k1, k2, k3] = keys;
  const round = (half: number, key: number): number => {
    let x = Math.imul(half ^ key, 0x9e3779b1);
    x ^= x >>> 15;
    x = Math.imul(x, 0x85ebca77);
    x ^= x >>> 13;
    return x & HALF_MASK;
  };
  const permute = (value: number): number => {
    let left = value >>> HALF_BITS;
    let right = value & HALF_MASK;
    left ^= round(right, k0);
    right ^= round(left, k1);
    left ^= round(right, k2);
    right ^= round(left, k3);
    return (left << HALF_BITS) | right;
  };
  return {
    sirenAt(index) {
      if (!Number.isInteger(index) || index < 0 || index >= MAX_DISTINCT_SIRENS) {
        throw new RangeError(`record index must be 0..${MAX_DISTINCT_SIRENS - 1}, got ${index}`);
      }
      // Cycle-walk: permute until the value lands in the allowed set (the valid range minus La Poste's body). Started from
      // a member of that set, the walk is a bijection of the set onto itself, so indexes are first mapped into it.
      let value = index < LA_POSTE_BODY ? index : index + 1;
      do value = permute(value);
      while (value >= BODY_COUNT || value === LA_POSTE_BODY);
      const body = FIRST_BODY + value;
      return body * 10 + ((10 - (luhnSumOf(body, true) % 10)) % 10);
    },
  };
}

// Real establishment numbers are small: most companies have one establishment (0001) or a handful; a few have dozens.
const ESTABLISHMENT_ORDER = createWeightedTable<readonly [number, number]>([
  [[1, 1], 560],
  [[2, 2], 130],
  [[3, 3], 70],
  [[4, 5], 80],
  [[6, 9], 60],
  [[10, 29], 70],
  [[30, 99], 30],
]);

/**
 * The establishment part (NIC) for a SIREN, as a number below 1000 to be written on 5 digits: a small 4-digit order number
 * and the digit that makes the whole 14-digit SIRET pass the Luhn check.
 */
export function drawEstablishment(random: RandomSource, siren: number): number {
  const [min, max] = ESTABLISHMENT_ORDER.draw(random);
  const order = min + Math.floor(random.next() * (max - min + 1));
  // Luhn over siren(9) + order(4) + check(1), counting from the right: the check digit (1st) is not doubled, the order's
  // units digit (2nd) is, and so is the SIREN's units digit (6th).
  const sum = luhnSumOf(order, true) + luhnSumOf(siren, true);
  return order * 10 + ((10 - (sum % 10)) % 10);
}
