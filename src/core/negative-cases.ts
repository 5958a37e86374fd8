// The `negative` profile: each record carries one case that a form checking a supplier must handle, with the answer a
// correct check gives (`valid`) and why (`reason`). Each case falls on a unit it fits, so that the record stays its unit's
// record but for the one field the case writes another way, and `valid` and `reason` are true of it.
import type { ExtraField, FixtureRecord } from './record-options.js';
import { randomBetween, type RandomSource } from './random.js';

/** The cases of the `negative` profile, in the order an active, public unit takes those it fits. */
export const NEGATIVE_CASES = [
  'vat-wrong-key',
  'vat-spaces',
  'vat-lowercase',
  'naf-no-dot',
  'naf-lowercase',
  'postcode-city-mismatch',
  'ceased',
  'non-diffusible',
] as const;

/** One case of the `negative` profile. */
export type NegativeCase = (typeof NEGATIVE_CASES)[number];

/** The fields the `negative` profile adds to every record. */
export interface NegativeCaseFields {
  /** The case this record carries. */
  negative_case: NegativeCase;
  /**
   * What a correct check answers: `false` for a wrong VAT key, a postcode of another city, a closed establishment; `true`
   * for a valid number written another way (spaces, lower case, no dot) and for a unit whose name INSEE hides.
   */
  valid: boolean;
  /** Why, in a sentence. */
  reason: string;
}

/** Fields every record of the profile carries besides those asked for, so that each case shows what it is about. */
export const NEGATIVE_PROFILE_FIELDS: readonly ExtraField[] = ['vat_number', 'naf_code', 'status', 'diffusion'];

/** What decides the cases a unit can carry, read from its story. */
export interface NegativeUnit {
  /** Its establishment is closed (`status: 'ceased'`). */
  readonly ceased: boolean;
  /** It opted out of diffusion (`diffusion: 'partial'`). */
  readonly hidden: boolean;
  /** It has a VAT number: not a micro-entrepreneur or an SCI letting homes. */
  readonly vat: boolean;
  /** Its département has another commune with a postcode the unit's commune does not have, and it has no CEDEX line. */
  readonly mismatch: boolean;
}

const NAF_CASES: readonly NegativeCase[] = ['naf-no-dot', 'naf-lowercase'];
const VAT_CASES: readonly NegativeCase[] = ['vat-wrong-key', 'vat-spaces', 'vat-lowercase'];
/** The cases an active, public unit takes in turn, by whether it has a VAT number and can take another postcode. */
const IN_TURN: readonly (readonly NegativeCase[])[] = [
  NAF_CASES,
  [...NAF_CASES, 'postcode-city-mismatch'],
  [...VAT_CASES, ...NAF_CASES],
  [...VAT_CASES, ...NAF_CASES, 'postcode-city-mismatch'],
];

/**
 * The case of record `index`, one its unit can carry: a closed unit is the `ceased` case and a hidden one the
 * `non-diffusible` case (as its story has them); an active, public unit takes in turn the others it fits: the VAT cases
 * need a VAT number, a postcode of another city a commune with a neighbour and no CEDEX line.
 */
export function negativeCaseOf(index: number, unit: NegativeUnit): NegativeCase {
  if (unit.ceased) return 'ceased';
  if (unit.hidden) return 'non-diffusible';
  const cases = IN_TURN[(unit.vat ? 2 : 0) + (unit.mismatch ? 1 : 0)] as readonly NegativeCase[];
  return cases[index % cases.length] as NegativeCase;
}

/** The VAT key of a SIREN, as `vatNumberOf` computes it. */
const vatKey = (siren: string): number => (12 + 3 * (Number(siren.replace(/ /g, '')) % 97)) % 97;

/**
 * Applies case `kase` to a record that already carries the profile's fields (`vat_number`, `naf_code`, `status`,
 * `ceased_on`, `diffusion`) and fits it (`negativeCaseOf`): the record changes only in the field the case writes another
 * way. `otherPostcode` gives another commune's (city, postcode) pair, a postcode the record's city does not have.
 */
export function applyNegativeCase(
  record: FixtureRecord,
  kase: NegativeCase,
  random: RandomSource,
  otherPostcode: () => { city: string; postcode: string },
): FixtureRecord & NegativeCaseFields {
  const siren = record.siren.replace(/ /g, '');
  const key = String(vatKey(siren)).padStart(2, '0');
  const vat = `FR${key}${siren}`;
  const naf = record.naf_code as string;
  switch (kase) {
    case 'vat-wrong-key': {
      const wrong = String((vatKey(siren) + randomBetween(random, 1, 96)) % 97).padStart(2, '0');
      return {
        ...record,
        vat_number: `FR${wrong}${siren}`,
        negative_case: kase,
        valid: false,
        reason: `the key ${wrong} does not match SIREN ${siren}: it is ${key}, (12 + 3 x (SIREN mod 97)) mod 97`,
      };
    }
    case 'vat-spaces':
      return {
        ...record,
        vat_number: `FR ${key} ${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`,
        negative_case: kase,
        valid: true,
        reason: `the unit's VAT number ${vat} written with spaces: valid once they are removed; the unit is active`,
      };
    case 'vat-lowercase':
      return {
        ...record,
        vat_number: vat.toLowerCase(),
        negative_case: kase,
        valid: true,
        reason: `the unit's VAT number ${vat} in lower case: valid once upper-cased; the unit is active`,
      };
    case 'naf-no-dot':
      return {
        ...record,
        naf_code: naf.replace('.', ''),
        negative_case: kase,
        valid: true,
        reason: `NAF code ${naf} written without its dot, as older SIRENE files write APE codes; the unit is active`,
      };
    case 'naf-lowercase':
      return {
        ...record,
        naf_code: naf.toLowerCase(),
        negative_case: kase,
        valid: true,
        reason: `NAF code ${naf} with its letter in lower case; the unit is active`,
      };
    case 'postcode-city-mismatch': {
      const other = otherPostcode();
      return {
        ...record,
        postcode: other.postcode,
        negative_case: kase,
        valid: false,
        reason: `postcode ${other.postcode} is ${other.city}'s, not ${record.city.normalize('NFC')}'s (${record.postcode})`,
      };
    }
    case 'ceased':
      return {
        ...record,
        negative_case: kase,
        valid: false,
        reason: `the establishment closed on ${record.ceased_on as string}: SIRENE lists it as ceased`,
      };
    case 'non-diffusible':
      return {
        ...record,
        negative_case: kase,
        valid: true,
        reason: 'an individual entrepreneur who opted out of diffusion: INSEE shows [ND] for the name and street; the unit is active',
      };
  }
}
