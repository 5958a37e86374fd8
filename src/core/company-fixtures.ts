import type { CompanyRecord } from './company-record.js';
import { applyEdgeCases } from './edge-cases.js';
import { drawExtraFields } from './extra-fields.js';
import { createCompanyStream, MAX_RECORDS_PER_SEED } from './generate-companies.js';
import { mixSeed } from './mix-seed.js';
import { createRandom } from './random.js';
import { resolveRecordOptions, type FixtureRecord, type RecordOptions } from './record-options.js';

/** Options of `generateCompanyFixtures` and `createCompanyFixtureStream`: a seed, extra fields, a profile. */
export interface CompanyFixtureOptions extends RecordOptions {
  /** Whole number 0..4294967295, as for `generateCompanies`. */
  seed: number;
}

// Salts naming the side streams, so that the profile's draws and the extra fields' draws never share numbers.
const PROFILE_SALT = 0x45444745; // "EDGE"
const FIELDS_SALT = 0x4649454c; // "FIEL"

/**
 * The records of `createCompanyStream({ seed })`, extended with extra fields and drawn through a profile. Each record draws
 * these from its own stream, `createRandom(mixSeed(seed, index, salt))`, so the seed's main stream is untouched (its six
 * fields stay byte-identical without a profile) and record i is the same for any quantity.
 * @example createCompanyFixtureStream({ seed: 42, fields: ['vat_number'] }).next().vat_number
 */
export function createCompanyFixtureStream(options: CompanyFixtureOptions): { next(): FixtureRecord; readonly index: number } {
  const stream = createCompanyStream({ seed: options.seed });
  const resolved = resolveRecordOptions(options);
  if (!resolved) return stream;
  const { seed } = options;
  const { fields, profile } = resolved;
  const extend = (record: CompanyRecord, index: number): FixtureRecord => {
    let out: FixtureRecord = profile === 'edge-cases' ? applyEdgeCases(record, createRandom(mixSeed(seed, index, PROFILE_SALT))) : record;
    if (fields.length > 0) out = { ...out, ...drawExtraFields(out, fields, createRandom(mixSeed(seed, index, FIELDS_SALT))) };
    return out;
  };
  return {
    get index() {
      return stream.index;
    },
    next() {
      const index = stream.index;
      return extend(stream.next(), index);
    },
  };
}

/**
 * `quantity` company records with extra fields and a profile (see `createCompanyFixtureStream`); with neither, the same
 * records as `generateCompanies`.
 * @example generateCompanyFixtures(20, { seed: 1, fields: ['vat_number', 'naf_code'], profile: 'edge-cases' })
 */
export function generateCompanyFixtures(quantity: number, options: CompanyFixtureOptions): FixtureRecord[] {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_RECORDS_PER_SEED) {
    throw new RangeError(`quantity must be a whole number 0..${MAX_RECORDS_PER_SEED}, got ${quantity}`);
  }
  const stream = createCompanyFixtureStream(options);
  return Array.from({ length: quantity }, () => stream.next());
}
