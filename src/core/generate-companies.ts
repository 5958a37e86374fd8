import { drawAddress } from './address.js';
import type { CompanyRecord } from './company-record.js';
import { drawCompanyName } from './company.js';
import { createSirenSequence, drawEstablishment, MAX_DISTINCT_SIRENS } from './identifier-sequence.js';
import { createRandom } from './random.js';

const PAD3: readonly string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/** Options for `generateCompanies` and `createCompanyStream`. */
export interface GenerateOptions {
  /**
   * Whole number 0..4294967295. The same seed gives the same records, byte for byte, on every platform; the first k records
   * of a seed do not depend on how many are asked for.
   */
  seed: number;
}

/** The largest seed accepted. */
export const MAX_SEED = 0xffffffff;

/** The largest number of records one seed can produce without repeating a SIRET. */
export const MAX_RECORDS_PER_SEED = MAX_DISTINCT_SIRENS;

function checkSeed(seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw new RangeError(`seed must be a whole number 0..${MAX_SEED}, got ${seed}`);
}

/**
 * A generator of company records for one seed: `next()` returns record 0, 1, 2, ... Two independent streams are drawn from
 * the seed: one keys the SIREN permutation (so SIRETs never repeat), the other drives names and addresses.
 * @example const stream = createCompanyStream({ seed: 42 }); stream.next(); stream.next();
 */
export function createCompanyStream(options: GenerateOptions): { next(): CompanyRecord; readonly index: number } {
  checkSeed(options.seed);
  const keyStream = createRandom(options.seed ^ 0x5349524e); // "SIRN"
  const sirens = createSirenSequence([keyStream.nextUint32(), keyStream.nextUint32(), keyStream.nextUint32(), keyStream.nextUint32()]);
  const random = createRandom(options.seed);
  let index = 0;
  return {
    get index() {
      return index;
    },
    next() {
      const siren = sirens.sirenAt(index++);
      const nic = drawEstablishment(random, siren);
      const company = drawCompanyName(random);
      const address = drawAddress(random);
      // siren >= 300000000, so its first group never needs padding; the NIC is below 1000, hence the leading "00".
      const sirenText = `${(siren - (siren % 1_000_000)) / 1_000_000} ${PAD3[((siren - (siren % 1000)) / 1000) % 1000]} ${PAD3[siren % 1000]}`;
      return {
        siret: `${sirenText} 00${PAD3[nic]}`,
        siren: sirenText,
        company,
        street_address: address.street_address,
        city: address.city,
        postcode: address.postcode,
      };
    },
  };
}

/**
 * Generates `quantity` company records for a seed: valid SIREN/SIRET numbers (no SIRET repeated), French company names and
 * real (city, postcode) pairs.
 * @example generateCompanies(5, { seed: 42 })
 */
export function generateCompanies(quantity: number, options: GenerateOptions): CompanyRecord[] {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_RECORDS_PER_SEED) {
    throw new RangeError(`quantity must be a whole number 0..${MAX_RECORDS_PER_SEED}, got ${quantity}`);
  }
  const stream = createCompanyStream(options);
  const records = new Array<CompanyRecord>(quantity);
  for (let i = 0; i < quantity; i++) records[i] = stream.next();
  return records;
}
