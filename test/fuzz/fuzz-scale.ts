/**
 * How many generated cases a fuzz or stress test runs. CI runs the bounded count; `npm run test:stress` sets STRESS=1 and
 * the same files run the long version (`scale` times more). FUZZ_SEED replays one fast-check run.
 */
const STRESS = process.env.STRESS === '1';

/** `ci` normally, `stress` under STRESS=1. */
export function scaled(ci: number, stress: number): number {
  return STRESS ? stress : ci;
}

/** fast-check parameters shared by the fuzz suites: a fixed seed when FUZZ_SEED is set, so a failure can be replayed. */
export function fuzzParameters(numRuns: number): { numRuns: number; seed?: number } {
  const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
  return { numRuns, ...(seed === undefined ? {} : { seed }) };
}
