import { randomInt, type RandomSource } from './random.js';
import { compactNumber } from './siren.js';

/** No `created_on` is later than this day (a fixed date, so records do not depend on the clock). */
export const CREATED_ON_REFERENCE_DATE = '2026-01-01';

const DAY_MS = 86_400_000;
const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const REFERENCE_DAY = day(CREATED_ON_REFERENCE_DATE);

// SIRENs are handed out roughly in sequence, so a larger SIREN was registered later. These anchors (SIREN -> date) are
// rough, chosen to match the familiar picture (3xx numbers on old companies, 8xx-9xx on companies of the last decade);
// they are not measured from the register. Between anchors the date is interpolated linearly.
const ANCHORS: ReadonlyArray<readonly [siren: number, day: number]> = [
  [300_000_000, day('1955-01-01')],
  [400_000_000, day('1995-01-01')],
  [500_000_000, day('2007-01-01')],
  [800_000_000, day('2014-01-01')],
  [900_000_000, day('2021-01-01')],
  [1_000_000_000, REFERENCE_DAY - 1],
];

/** How far after its anchor date a company may have been created, in days: registrations are not strictly in order. */
const SPREAD_DAYS = 365;

/**
 * A creation date for a company, plausible for its SIREN: monotone in the SIREN (up to a year's spread) and never after
 * `CREATED_ON_REFERENCE_DATE`. SIRENs below 300 000 000 (public bodies) get the first anchor's date.
 * @example drawCreatedOn(random, '732 829 320') // '2012-…'
 */
export function drawCreatedOn(random: RandomSource, siren: string): string {
  const value = Number(compactNumber(siren));
  let base = ANCHORS[0]?.[1] as number;
  for (let i = 1; i < ANCHORS.length; i++) {
    const [s0, d0] = ANCHORS[i - 1] as readonly [number, number];
    const [s1, d1] = ANCHORS[i] as readonly [number, number];
    if (value >= s0 && value < s1) base = d0 + Math.floor(((value - s0) / (s1 - s0)) * (d1 - d0));
  }
  const created = Math.min(base + randomInt(random, SPREAD_DAYS), REFERENCE_DAY - 1);
  return new Date(created * DAY_MS).toISOString().slice(0, 10);
}
