import { applyEdgeCases } from './edge-cases.js';
import { drawExtraFields } from './extra-fields.js';
import { createCompanyStream, MAX_RECORDS_PER_SEED, type CompanyStream } from './generate-companies.js';
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
  return new FixtureStream(stream, options.seed, resolved);
}

// A class rather than a literal with a getter: such a literal gets a map per stream that keeps it alive through young GCs.
class FixtureStream {
  readonly #stream: CompanyStream;
  readonly #seed: number;
  readonly #options: Required<RecordOptions>;

  constructor(stream: CompanyStream, seed: number, options: Required<RecordOptions>) {
    this.#stream = stream;
    this.#seed = seed;
    this.#options = options;
  }

  get index(): number {
    return this.#stream.index;
  }

  next(): FixtureRecord {
    const index = this.#stream.index;
    const record = this.#stream.next();
    const { fields, profile } = this.#options;
    const seed = this.#seed;
    let out: FixtureRecord = profile === 'edge-cases' ? applyEdgeCases(record, createRandom(mixSeed(seed, index, PROFILE_SALT))) : record;
    if (fields.length > 0) out = { ...out, ...drawExtraFields(out, fields, createRandom(mixSeed(seed, index, FIELDS_SALT))) };
    return out;
  }
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
