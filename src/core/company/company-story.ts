// A company's story, drawn before anything that depends on it: its legal form (with the micro-entrepreneur regime for an
// individual entrepreneur), then the two first digits of its SIREN, which date it. The name, the creation date, the
// activity code and every extra field follow from these, so no field contradicts another.
import {
  LEGAL_FORM_DATA,
  NEW_SIREN_PREFIXES,
  OLD_SIREN_PREFIXES,
  OLD_UNITS_FROM,
  SEL_PROFESSION_FROM,
  SIREN_PREFIX_DATES,
  type LegalFormData,
} from '../data/legal-forms.js';
import type { RandomSource } from '../random/random.js';
import { createWeightedIndex, type WeightedIndex } from '../random/weighted.js';

/** No `created_on` or `ceased_on` is this day or later (a fixed date, so records do not depend on the clock). */
export const CREATED_ON_REFERENCE_DATE = '2026-01-01';
/** Creation dates run up to the end of 2025 (the day before `CREATED_ON_REFERENCE_DATE`). */
export const END_YEAR = 2026;
/** Units registered before this year hold the numbers the register gave existing units when it opened. */
export const REGISTER_OPENED = 1974;

/** The legal forms: a unit's form is an index of this table. */
export const LEGAL_FORMS: readonly LegalFormData[] = LEGAL_FORM_DATA;

/** Whether form `form` (an index of LEGAL_FORMS) is an individual entrepreneur's. */
export const isIndividual = (form: number): boolean => (LEGAL_FORMS[form] as LegalFormData).form === 'EI';

/** A decimal year of an ISO date: 1994-01-03 is about 1994.005. */
export function decimalYear(iso: string): number {
  const time = Date.parse(`${iso}T00:00:00Z`);
  const year = new Date(time).getUTCFullYear();
  const start = Date.UTC(year, 0, 1);
  return year + (time - start) / (Date.UTC(year + 1, 0, 1) - start);
}

/** The ISO date of a decimal year, rounded down to its day. */
export function isoDateOf(year: number): string {
  const whole = Math.floor(year);
  const start = Date.UTC(whole, 0, 1);
  // A millionth of a day absorbs the rounding of `year - whole`: the start of a day stays that day (1992-08-28 gave the 27th).
  const day = Math.floor(((year - whole) * (Date.UTC(whole + 1, 0, 1) - start)) / 86_400_000 + 1e-6);
  return new Date(start + day * 86_400_000).toISOString().slice(0, 10);
}

/** The first year (decimal) a SEL of a profession can have been created in, by the trade word of its name; 0 for another. */
const SEL_FROM: ReadonlyMap<string, number> = new Map(SEL_PROFESSION_FROM.map(([trade, day]) => [trade, decimalYear(day)]));
export const selProfessionFrom = (trade: string | undefined): number => (trade === undefined ? 0 : (SEL_FROM.get(trade) ?? 0));

/** When each prefix's numbers were handed out, `[from, to)` in decimal years, by prefix (NaN for prefixes never used). */
const PERIODS: Float64Array = (() => {
  const periods = new Float64Array(200).fill(Number.NaN);
  const anchors = new Map(SIREN_PREFIX_DATES);
  const order = NEW_SIREN_PREFIXES;
  let last = 0;
  for (let i = 1; i <= order.length; i++) {
    const at = i === order.length ? END_YEAR : anchors.get(order[i] as number);
    if (at === undefined) continue;
    const from = anchors.get(order[last] as number) as number;
    for (let k = last; k < i; k++) {
      periods[2 * (order[k] as number)] = from + ((at - from) * (k - last)) / (i - last);
      periods[2 * (order[k] as number) + 1] = from + ((at - from) * (k + 1 - last)) / (i - last);
    }
    last = i;
  }
  for (const prefix of OLD_SIREN_PREFIXES) {
    periods[2 * prefix] = OLD_UNITS_FROM;
    periods[2 * prefix + 1] = REGISTER_OPENED;
  }
  return periods;
})();

/** The years a prefix's numbers were handed out in, `[from, to)`, or undefined for a prefix never used. */
export function prefixPeriod(prefix: number): readonly [number, number] | undefined {
  const from = PERIODS[2 * prefix] as number;
  return Number.isNaN(from) ? undefined : [from, PERIODS[2 * prefix + 1] as number];
}

/** The first year (decimal) a unit of form `form` can have been created in. */
const FORM_FROM: readonly number[] = LEGAL_FORMS.map((f) => decimalYear(f.from));
const formFrom = (form: number): number => FORM_FROM[form] as number;

/** Active units of a form by creation year: that year's creations, times the share still active today. */
function density(form: LegalFormData, year: number): number {
  const points = form.creations;
  const first = points[0] as readonly [number, number];
  if (year < first[0]) return first[0] <= OLD_UNITS_FROM ? first[1] : 0;
  let value = (points[points.length - 1] as readonly [number, number])[1];
  // Pairs read by index, not destructured: this runs a few thousand times per form, mostly before it is compiled, where
  // destructuring steps through an iterator.
  for (let i = 1; i < points.length; i++) {
    const before = points[i - 1] as readonly [number, number];
    const after = points[i] as readonly [number, number];
    if (year < after[0]) {
      value = before[1] + ((after[1] - before[1]) * (year - before[0])) / (after[0] - before[0]);
      break;
    }
  }
  return value * form.survival ** (END_YEAR - year);
}

/** The active units of form `form` created in `[from, to)`, up to a constant: density integrated by month. */
function unitsBetween(form: number, from: number, to: number): number {
  const data = LEGAL_FORMS[form] as LegalFormData;
  const start = Math.max(from, formFrom(form));
  let sum = 0;
  for (let year = start; year < to; year += 1 / 12)
    sum += density(data, Math.min(year + 1 / 24, to)) * (Math.min(year + 1 / 12, to) - year);
  return sum;
}

/** Every prefix used, new then old: together, every two-digit prefix from 30 to 99. */
const PREFIXES: readonly number[] = [...NEW_SIREN_PREFIXES, ...OLD_SIREN_PREFIXES];

/** The prefix weights of form `form`: its active units created while each prefix's numbers were handed out (0 for none). */
function prefixWeights(form: number): number[] {
  // Every old prefix has the same period, so the form's units older than the register are summed once and shared evenly.
  const oldUnits = unitsBetween(form, OLD_UNITS_FROM, REGISTER_OPENED) / OLD_SIREN_PREFIXES.length;
  return PREFIXES.map((prefix) => {
    const from = PERIODS[2 * prefix] as number;
    const to = PERIODS[2 * prefix + 1] as number;
    return to === REGISTER_OPENED ? oldUnits : unitsBetween(form, from, to);
  });
}

/**
 * The world's tables, built on first use: the share of active units of each (form, prefix) pair, a form's share spread over
 * its prefixes by `prefixWeights`. Their sum over forms weighs the prefixes (`drawSirenPrefix`); a prefix's column weighs
 * the forms a SIREN of that prefix can have (`drawFormOf`). Drawing a prefix, then a form for it, gives each pair the form's
 * share times the part of the form's units that prefix holds.
 */
interface WorldTables {
  readonly prefixes: WeightedIndex;
  /** By prefix: the forms it holds (a form of no unit of that era left out) and their index. */
  readonly forms: ReadonlyArray<{ readonly forms: readonly number[]; readonly index: WeightedIndex } | undefined>;
}
let worldTables: WorldTables | undefined;

function buildWorldTables(): WorldTables {
  const joint = LEGAL_FORMS.map((data, form) => {
    const weights = prefixWeights(form);
    const total = weights.reduce((sum, units) => sum + units, 0);
    return weights.map((units) => (data.share * units) / total);
  });
  const forms: WorldTables['forms'][number][] = new Array(100).fill(undefined);
  const prefixTotals = PREFIXES.map((prefix, at) => {
    const held = LEGAL_FORMS.map((_, form) => form).filter((form) => (joint[form]?.[at] as number) > 0);
    forms[prefix] = { forms: held, index: createWeightedIndex(held.map((form) => joint[form]?.[at] as number)) };
    return held.reduce((sum, form) => sum + (joint[form]?.[at] as number), 0);
  });
  return { prefixes: createWeightedIndex(prefixTotals), forms };
}

/** Draws the first two digits of a SIREN of the world (30-99) by the share of active units they hold, all forms together. */
export function drawSirenPrefix(random: RandomSource): number {
  return PREFIXES[(worldTables ??= buildWorldTables()).prefixes.drawIndex(random)] as number;
}

/** Draws the legal form of a unit whose SIREN starts with `prefix` (30-99): an index of LEGAL_FORMS, by share of that era's units. */
export function drawFormOf(random: RandomSource, prefix: number): number {
  const held = (worldTables ??= buildWorldTables()).forms[prefix];
  if (held === undefined) throw new RangeError(`no unit holds a SIREN starting with ${prefix}`);
  return held.forms[held.index.drawIndex(random)] as number;
}

/**
 * The creation date of a unit, as a decimal year, read from its SIREN's first eight digits: its place among its prefix's
 * million numbers places it within the prefix's period (so dates grow with the SIREN within a prefix), never before its
 * form's law. `spread` (-0.5..0.5) moves it by up to a tenth of the period either way, reflected at its ends so that no
 * day gathers the dates a bound would.
 */
export function creationYear(form: number, sirenBody: number, spread = 0): number {
  const prefix = Math.floor(sirenBody / 1_000_000);
  const position = (sirenBody % 1_000_000) / 1_000_000;
  let from = Math.max(PERIODS[2 * prefix] as number, formFrom(form));
  let to = Math.min(PERIODS[2 * prefix + 1] as number, END_YEAR);
  // A prefix whose period ends before the form's law is drawn only once a seed has used up a million numbers of another.
  if (from >= to) [from, to] = [formFrom(form), END_YEAR];
  let place = position + spread * 0.2;
  if (place < 0) place = -place;
  if (place >= 1) place = 2 - place - 1e-9;
  return Math.min(from + place * (to - from), to - 1 / 365);
}
