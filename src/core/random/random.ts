/**
 * A source of uniformly distributed floats in [0, 1). Core code receives one instead of calling `Math.random()`,
 * so that every draw can be replayed from a seed.
 */
export interface RandomSource {
  next(): number;
}

/** A seeded, platform-independent pseudo-random generator (sfc32 seeded through splitmix32). */
export interface SeededRandom extends RandomSource {
  /** The next 32-bit unsigned integer of the stream. */
  nextUint32(): number;
}

const TWO_POW_32 = 4294967296;

/** One step of splitmix32: spreads a 32-bit seed over the generator state. */
function splitmix32(state: number): [next: number, output: number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) >>> 0];
}

/**
 * Creates the seeded generator used for fixtures. It uses only 32-bit integer arithmetic (`Math.imul`, shifts), so a seed
 * gives the same stream on every JavaScript engine and platform.
 * @example createRandom(42).nextUint32()
 */
export function createRandom(seed: number): SeededRandom {
  const [s1, a0] = splitmix32(seed >>> 0);
  const [s2, b0] = splitmix32(s1);
  const [, c0] = splitmix32(s2);
  const random = new Sfc32(a0, b0, c0);
  // Warm up so that nearby seeds diverge at once.
  for (let i = 0; i < 12; i++) random.nextUint32();
  return random;
}

// A class rather than closures: every generator shares the same two methods, so the call sites that draw numbers stay
// monomorphic however many seeds a process uses.
class Sfc32 implements SeededRandom {
  // Plain fields, not parameter properties: the tsconfig keeps to syntax a type stripper can erase (erasableSyntaxOnly).
  private a: number;
  private b: number;
  private c: number;
  private d = 1;
  constructor(a: number, b: number, c: number) {
    this.a = a;
    this.b = b;
    this.c = c;
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.nextUint32() / TWO_POW_32;
  }
}

/** A whole number in [0, n). */
export function randomInt(random: RandomSource, n: number): number {
  return Math.floor(random.next() * n);
}

/** A whole number in [min, max], both included. */
export function randomBetween(random: RandomSource, min: number, max: number): number {
  return min + Math.floor(random.next() * (max - min + 1));
}

/** One element of a non-empty list, uniformly. */
export function pick<T>(random: RandomSource, items: readonly T[]): T {
  return items[Math.floor(random.next() * items.length)] as T;
}
