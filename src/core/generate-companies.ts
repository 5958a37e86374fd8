import { drawAddress } from './address.js';
import type { CompanyRecord } from './company-record.js';
import { drawCompanyName } from './company.js';
import { createSirenSequence, drawEstablishment, MAX_DISTINCT_SIRENS } from './identifier-sequence.js';
import { createRandom } from './random.js';

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
      const { street_address, city, postcode } = drawAddress(random);
      const sirenText = `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
      return { siret: `${sirenText} ${nic}`, siren: sirenText, company, street_address, city, postcode };
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
