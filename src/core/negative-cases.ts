// The `negative` profile: each record carries one case that a form checking a supplier must handle, with the answer a
// correct check gives (`valid`) and why (`reason`). Cases come round in a fixed order, record after record.
import type { ExtraField, FixtureRecord } from './record-options.js';
import { randomBetween, type RandomSource } from './random.js';

/** The cases of the `negative` profile, in the order records take them. */
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

/**
 * The case of record `index`: the cases in turn, a hidden name (only a person may opt out of diffusion) moved on to the next
 * case for a company. Any eight consecutive records of individual entrepreneurs hold every case.
 */
export function negativeCaseOf(index: number, individual: boolean): NegativeCase {
  const position = index % NEGATIVE_CASES.length;
  const kase = NEGATIVE_CASES[position] as NegativeCase;
  return kase === 'non-diffusible' && !individual ? (NEGATIVE_CASES[0] as NegativeCase) : kase;
}

/** The VAT key of a SIREN, as `vatNumberOf` computes it. */
const vatKey = (siren: string): number => (12 + 3 * (Number(siren.replace(/ /g, '')) % 97)) % 97;

/**
 * Applies case `kase` to a record that already carries the profile's fields (`vat_number`, `naf_code`, `status`,
 * `ceased_on`, `diffusion`): the record changes only where the case says. `otherCommune` gives a real (city, postcode)
 * pair of another département.
 */
export function applyNegativeCase(
  record: FixtureRecord,
  kase: NegativeCase,
  random: RandomSource,
  otherCommune: () => { city: string; postcode: string },
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
        reason: `${vat} written with spaces: valid once they are removed`,
      };
    case 'vat-lowercase':
      return {
        ...record,
        vat_number: vat.toLowerCase(),
        negative_case: kase,
        valid: true,
        reason: `${vat} in lower case: valid once upper-cased`,
      };
    case 'naf-no-dot':
      return {
        ...record,
        naf_code: naf.replace('.', ''),
        negative_case: kase,
        valid: true,
        reason: `${naf} written without its dot, as older SIRENE files write APE codes`,
      };
    case 'naf-lowercase':
      return { ...record, naf_code: naf.toLowerCase(), negative_case: kase, valid: true, reason: `${naf} with its letter in lower case` };
    case 'postcode-city-mismatch': {
      const other = otherCommune();
      return {
        ...record,
        postcode: other.postcode,
        negative_case: kase,
        valid: false,
        reason: `postcode ${other.postcode} is ${other.city}'s, not ${record.city.normalize('NFC')}'s (${record.postcode})`,
      };
    }
    case 'ceased': {
      const ceasedOn = record.ceased_on ?? closingDay(record.created_on, random);
      return {
        ...record,
        status: 'ceased',
        ceased_on: ceasedOn,
        negative_case: kase,
        valid: false,
        reason: `the establishment closed on ${ceasedOn}: SIRENE lists it as ceased`,
      };
    }
    case 'non-diffusible':
      return {
        ...record,
        company: '[ND]',
        street_address: '[ND]',
        diffusion: 'partial',
        ...(record.trade_name === undefined ? {} : { trade_name: null }),
        negative_case: kase,
        valid: true,
        reason: 'an individual entrepreneur who opted out of diffusion: INSEE shows [ND] for the name and street; the unit is active',
      };
  }
}

/** A day between a creation date and the end of 2025. */
function closingDay(createdOn: string | undefined, random: RandomSource): string {
  const from = Date.parse(`${createdOn ?? '2015-01-01'}T00:00:00Z`) + 86_400_000;
  const to = Date.parse('2025-12-31T00:00:00Z');
  const day = from + Math.floor(random.next() * Math.max(0, (to - from) / 86_400_000)) * 86_400_000;
  return new Date(Math.min(day, to)).toISOString().slice(0, 10);
}
