import type { RandomSource } from '../../core/random/index.js';

/** A RandomSource over `crypto.getRandomValues` (Node 20+ and browsers), drawn in batches to keep the hot path cheap. */
export function createCryptoRandom(): RandomSource {
  const buffer = new Uint32Array(256);
  let index = buffer.length;
  return {
    next() {
      if (index === buffer.length) {
        globalThis.crypto.getRandomValues(buffer);
        index = 0;
      }
      return (buffer[index++] as number) / 4294967296;
    },
  };
}
