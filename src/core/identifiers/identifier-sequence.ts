import type { RandomSource } from '../random/random.js';
import { createWeightedTable, type WeightedTable } from '../random/weighted.js';

// A SIREN is 8 free digits plus a Luhn check digit. Generated ones start with 30-99 (0 is unused, 1 and 2 are public
// bodies): seventy blocks of a million values, one per two-digit prefix, since the prefix dates the unit (company-story.ts).
const BLOCK = 1_000_000;
const FIRST_PREFIX = 30;
const BLOCKS = 70;
const LA_POSTE_BLOCK = 35 - FIRST_PREFIX; // SIREN 356000000: prefix 35, offset 600,000
const LA_POSTE_OFFSET = 600_000;
const HALF_BITS = 10;
const HALF_MASK = (1 << HALF_BITS) - 1;

/** How many distinct SIRENs one sequence can hand out before it would repeat one. */
export const MAX_DISTINCT_SIRENS: number = BLOCKS * BLOCK - 1;

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
 * Hands out distinct SIRENs of a given two-digit prefix. Within each prefix's block of a million, a keyed 4-round Feistel
 * network permutes 20-bit values and cycle-walking keeps the result inside the block (and off La Poste's number); the n-th
 * SIREN of a block is the permutation of n. Seventy counters are all it remembers, so a stream of any length needs
 * constant memory, and record i depends only on the draws before it. A full block hands its turn to the next prefix that
 * has room (after a million records of one prefix, far beyond any response).
 */
export interface SirenSequence {
  /** The next SIREN of `prefix` (30-99), as a 9-digit number; throws after MAX_DISTINCT_SIRENS. */
  next(prefix: number): number;
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
  const used = new Int32Array(BLOCKS);
  const capacity = (block: number): number => (block === LA_POSTE_BLOCK ? BLOCK - 1 : BLOCK);
  let total = 0;
  return {
    next(prefix) {
      if (total >= MAX_DISTINCT_SIRENS) throw new RangeError(`a sequence holds ${MAX_DISTINCT_SIRENS} distinct SIRENs`);
      let block = prefix - FIRST_PREFIX;
      while ((used[block] as number) >= capacity(block)) block = (block + 1) % BLOCKS;
      const n = used[block] as number;
      used[block] = n + 1;
      total++;
      // Cycle-walk: permute until the value lands in the block (minus La Poste's offset in its block). Started from a
      // member of that set, the walk is a bijection of the set onto itself, so the counter is first mapped into it.
      const laPoste = block === LA_POSTE_BLOCK;
      let value = laPoste && n >= LA_POSTE_OFFSET ? n + 1 : n;
      do value = permute(value, block);
      while (value >= BLOCK || (laPoste && value === LA_POSTE_OFFSET));
      const body = (FIRST_PREFIX + block) * BLOCK + value;
      return body * 10 + ((10 - (luhnSumOf(body) % 10)) % 10);
    },
  };
}

// Establishment order numbers (the NIC's first four digits) count the establishments a unit has registered, its moves
// included: an individual entrepreneur's grows only when they move; a professional practice, a property company and a
// single-owner company have one or a handful; other companies up to a few dozen; a hundred or more only national networks
// (a large SAS, an SA), which the register's NICs from 0100 up show. Our estimates; docs/data.md gives the shares.
/** Which establishment-order table a legal form draws from. */
export type EstablishmentKind = 'individual' | 'property' | 'professional' | 'single' | 'company' | 'network' | 'large';

type OrderWeights = ReadonlyArray<readonly [range: readonly [number, number], weight: number]>;
const COMPANY_ORDERS: OrderWeights = [
  [[1, 1], 560],
  [[2, 2], 120],
  [[3, 3], 60],
  [[4, 5], 70],
  [[6, 9], 60],
  [[10, 29], 60],
  [[30, 99], 40],
];
// prettier-ignore
const ORDER_WEIGHTS: Record<EstablishmentKind, OrderWeights> = {
  individual: [[[1, 1], 75], [[2, 2], 15], [[3, 3], 6], [[4, 5], 4]],
  property: [[[1, 1], 85], [[2, 2], 12], [[3, 3], 3]],
  professional: [[[1, 1], 75], [[2, 2], 15], [[3, 3], 6], [[4, 5], 4]],
  single: [[[1, 1], 70], [[2, 2], 15], [[3, 3], 6], [[4, 5], 5], [[6, 9], 3], [[10, 29], 1]],
  company: COMPANY_ORDERS,
  network: [...COMPANY_ORDERS, [[100, 299], 20], [[300, 999], 8]],
  large: [
    [[1, 1], 300], [[2, 2], 100], [[3, 3], 60], [[4, 5], 70], [[6, 9], 80], [[10, 29], 120], [[30, 99], 120], [[100, 299], 80], [[300, 999], 50], [[1000, 2999], 20],
  ],
};

/** The highest orders a unit is held to (a young unit, a shop or a village's has a handful, a unit under five years fewer than 100). */
const ORDER_CAPS = [5, 99, 2999] as const;
/** One of ORDER_CAPS. */
export type OrderCap = (typeof ORDER_CAPS)[number];

/** Each kind's orders below each cap of ORDER_CAPS: the ranges below it, the one it falls in cut there. */
const ESTABLISHMENT_ORDERS = Object.fromEntries(
  Object.entries(ORDER_WEIGHTS).map(([kind, weights]) => [
    kind,
    ORDER_CAPS.map((cap) =>
      createWeightedTable(
        weights.filter(([[min]]) => min <= cap).map(([[min, max], weight]) => [[min, Math.min(max, cap)] as const, weight] as const),
      ),
    ),
  ]),
) as Record<EstablishmentKind, Array<WeightedTable<readonly [number, number]>>>;

/**
 * The establishment part (NIC) for a SIREN, as a number below 30000 to be written on 5 digits: a 4-digit order number
 * (drawn for the kind of unit, at most `cap`) and the digit that makes the whole 14-digit SIRET pass the Luhn check.
 */
export function drawEstablishment(random: RandomSource, siren: number, kind: EstablishmentKind, cap: OrderCap = 2999): number {
  const table = ESTABLISHMENT_ORDERS[kind][ORDER_CAPS.indexOf(cap)] as WeightedTable<readonly [number, number]>;
  const [min, max] = table.draw(random);
  return nicOf(siren, min + Math.floor(random.next() * (max - min + 1)));
}

/**
 * The NIC of establishment `order` (1-9999) of a SIREN, as a number below 100000 to be written on 5 digits: the order and
 * the digit that makes the whole 14-digit SIRET pass the Luhn check.
 */
export function nicOf(siren: number, order: number): number {
  // Luhn over siren(9) + order(4) + check(1), counting from the right: the check digit (1st) is not doubled, the order's
  // units digit (2nd) is, and so is the SIREN's units digit (6th).
  const sum = luhnSumOf(order) + luhnSumOf(siren);
  return order * 10 + ((10 - (sum % 10)) % 10);
}
