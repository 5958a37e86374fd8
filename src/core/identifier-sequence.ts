import type { RandomSource } from './random.js';
import { createWeightedTable } from './weighted.js';

// A SIREN is 8 free digits plus a Luhn check digit. Generated ones start with 3-9 (0 is unused, 1 and 2 are public bodies),
// so the free part ranges over 30000000..99999999: seven blocks of 10 million values, one per first digit.
const BLOCK = 10_000_000;
const FIRST_DIGIT = 3;
const LA_POSTE_OFFSET = 5_600_000; // SIREN 356000000: block 3, offset 5,600,000
const HALF_BITS = 12;
const HALF_MASK = (1 << HALF_BITS) - 1;

/** How many distinct SIRENs one sequence can hand out before it would repeat one. */
export const MAX_DISTINCT_SIRENS: number = 7 * BLOCK - 1;

// Share of each first digit 3..9, in percent: active companies' SIRENs are mostly 3xx and 4xx (numbers handed out from the
// 1970s to the 2000s), fewer 5xx, and the recent 8xx and 9xx; 6xx and 7xx are rarer. docs/data.md gives the source.
const FIRST_DIGIT_SHARES = createWeightedTable<number>([
  [3, 26],
  [4, 26],
  [5, 13],
  [6, 2],
  [7, 8],
  [8, 15],
  [9, 10],
]);

// The Luhn contribution of each two-digit group when its units digit is doubled: from the units up, every group of a number
// starts on a doubled digit, so a number's sum is its groups' sums, read two digits at a time.
const PAIR_SUMS: Uint8Array = Uint8Array.from({ length: 100 }, (_, n) => {
  const units = n % 10;
  return (units > 4 ? 2 * units - 9 : 2 * units) + (n - units) / 10;
});

/** Luhn digit sum of a whole number below 2^31, its last (units) digit doubled. */
function luhnSumOf(value: number): number {
  let sum = 0;
  while (value > 0) {
    const rest = (value / 100) | 0;
    sum += PAIR_SUMS[value - rest * 100] as number;
    value = rest;
  }
  return sum;
}

/**
 * Hands out distinct SIRENs, their first digit drawn with the shares of active companies. Within each first digit's block
 * of 10 million, a keyed 4-round Feistel network permutes 24-bit values and cycle-walking keeps the result inside the block
 * (and off La Poste's number); the n-th SIREN of a block is the permutation of n. Seven counters are all it remembers, so a
 * stream of any length needs constant memory, and record i depends only on the draws before it. A full block hands its
 * turn to the next digit that has room.
 */
export interface SirenSequence {
  /** The next SIREN, as a 9-digit number; throws after MAX_DISTINCT_SIRENS. */
  next(random: RandomSource): number;
}

/** Creates the SIREN sequence for one key (four 32-bit round keys drawn from the seed's stream). */
export function createSirenSequence(keys: readonly [number, number, number, number]): SirenSequence {
  const round = (half: number, key: number): number => {
    let x = Math.imul(half ^ key, 0x9e3779b1);
    x ^= x >>> 15;
    x = Math.imul(x, 0x85ebca77);
    x ^= x >>> 13;
    return x & HALF_MASK;
  };
  const permute = (value: number, block: number): number => {
    const salt = Math.imul(block + 1, 0x27d4eb2f);
    let left = value >>> HALF_BITS;
    let right = value & HALF_MASK;
    left ^= round(right, keys[0] ^ salt);
    right ^= round(left, keys[1] ^ salt);
    left ^= round(right, keys[2] ^ salt);
    right ^= round(left, keys[3] ^ salt);
    return (left << HALF_BITS) | right;
  };
  // A literal, not new Array(7).fill(0): fill() on a fresh holey array is a call into V8's C++ runtime, made once a response.
  const used = [0, 0, 0, 0, 0, 0, 0];
  const capacity = (block: number): number => (block === 0 ? BLOCK - 1 : BLOCK);
  let total = 0;
  return {
    next(random) {
      if (total >= MAX_DISTINCT_SIRENS) throw new RangeError(`a sequence holds ${MAX_DISTINCT_SIRENS} distinct SIRENs`);
      let block = FIRST_DIGIT_SHARES.draw(random) - FIRST_DIGIT;
      while ((used[block] as number) >= capacity(block)) block = (block + 1) % 7;
      const n = used[block] as number;
      used[block] = n + 1;
      total++;
      // Cycle-walk: permute until the value lands in the block (minus La Poste's offset in block 3). Started from a member
      // of that set, the walk is a bijection of the set onto itself, so the counter is first mapped into it.
      let value = block === 0 && n >= LA_POSTE_OFFSET ? n + 1 : n;
      do value = permute(value, block);
      while (value >= BLOCK || (block === 0 && value === LA_POSTE_OFFSET));
      const body = (FIRST_DIGIT + block) * BLOCK + value;
      return body * 10 + ((10 - (luhnSumOf(body) % 10)) % 10);
    },
  };
}

// Establishment order numbers: most companies have one establishment (0001) or a handful; a few percent have a hundred or
// more (chains, banks, networks), which the register's NICs from 0100 up show. docs/data.md gives the shares.
const ESTABLISHMENT_ORDER = createWeightedTable<readonly [number, number]>([
  [[1, 1], 560],
  [[2, 2], 120],
  [[3, 3], 60],
  [[4, 5], 70],
  [[6, 9], 60],
  [[10, 29], 60],
  [[30, 99], 40],
  [[100, 299], 20],
  [[300, 999], 8],
  [[1000, 2999], 2],
]);

/**
 * The establishment part (NIC) for a SIREN, as a number below 30000 to be written on 5 digits: a 4-digit order number
 * and the digit that makes the whole 14-digit SIRET pass the Luhn check.
 */
export function drawEstablishment(random: RandomSource, siren: number): number {
  const [min, max] = ESTABLISHMENT_ORDER.draw(random);
  const order = min + Math.floor(random.next() * (max - min + 1));
  // Luhn over siren(9) + order(4) + check(1), counting from the right: the check digit (1st) is not doubled, the order's
  // units digit (2nd) is, and so is the SIREN's units digit (6th).
  const sum = luhnSumOf(order) + luhnSumOf(siren);
  return order * 10 + ((10 - (sum % 10)) % 10);
}
