// The seeded random source every draw of the generator takes as a parameter.
export { createRandom, type RandomSource, type SeededRandom } from './random.js';
