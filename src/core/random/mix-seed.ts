/**
 * A 32-bit seed for one record's side stream, from the run's seed, the record's index and a salt naming the stream. Opt-in
 * features (extra fields, the edge-case profile) draw from these side streams, so turning them on never shifts the main
 * stream: the default record of a seed stays byte-identical, and record i does not depend on the records before it.
 * @example createRandom(mixSeed(42, 7, EXTRA_FIELDS_SALT))
 */
export function mixSeed(seed: number, index: number, salt: number): number {
  // murmur3's 32-bit finalizer over each input in turn: every input bit reaches every output bit.
  let h = salt >>> 0;
  for (const word of [seed >>> 0, index >>> 0, Math.floor(index / 4294967296) >>> 0]) {
    h ^= word;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}
