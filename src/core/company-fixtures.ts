import { COASTAL, DENSE, isParis, otherPostcodesOf, TROPICAL } from './address.js';
import { postalLines } from './address-lines.js';
import { isIndividual } from './company-story.js';
import { COMPANY_FIELDS } from './company-record.js';
import { applyEdgeCases } from './edge-cases.js';
import { drawAddressFields, drawStoryFields, type ExtraFields, type StoryFields } from './extra-fields.js';
import { createCompanyStream, MAX_RECORDS_PER_SEED, type CompanyStream } from './generate-companies.js';
import { legalFormOf } from './legal-form.js';
import { mixSeed } from './mix-seed.js';
import { applyNegativeCase, negativeCaseOf, NEGATIVE_PROFILE_FIELDS } from './negative-cases.js';
import { createRandom, type RandomSource } from './random.js';
import {
  EXTRA_FIELDS,
  keysOfField,
  resolveRecordOptions,
  type ExtraField,
  type FixtureRecord,
  type RecordOptions,
} from './record-options.js';

/** Options of `generateCompanyFixtures` and `createCompanyFixtureStream`: a seed, extra fields, a profile. */
export interface CompanyFixtureOptions extends RecordOptions {
  /** Whole number 0..4294967295, as for `generateCompanies`. */
  seed: number;
}

// Salts naming the side streams, so that the profiles' draws and the extra fields' draws never share numbers.
const PROFILE_SALT = 0x45444745; // "EDGE"
const FIELDS_SALT = 0x4649454c; // "FIEL"
const NEGATIVE_SALT = 0x4e454741; // "NEGA"

/** The keys each profile adds, before the extra fields. */
const PROFILE_KEYS = {
  default: [],
  'edge-cases': ['address_line_2', 'cedex', 'edge_cases'],
  negative: ['negative_case', 'valid', 'reason'],
} as const;

/**
 * The columns a record has beyond the API's six, for the given options, in the order records carry them: the profile's,
 * then the extra fields' (the `negative` profile adds the fields its cases are about).
 */
export function extraKeysOf(options: Required<RecordOptions>): string[] {
  const fields: readonly ExtraField[] =
    options.profile === 'negative'
      ? EXTRA_FIELDS.filter((f) => options.fields.includes(f) || NEGATIVE_PROFILE_FIELDS.includes(f))
      : options.fields;
  const profileKeys: readonly string[] = PROFILE_KEYS[options.profile];
  return [...profileKeys, ...fields.flatMap(keysOfField).filter((key) => !profileKeys.includes(key))];
}

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
  readonly #keys: readonly string[];

  constructor(stream: CompanyStream, seed: number, options: Required<RecordOptions>) {
    this.#stream = stream;
    this.#seed = seed;
    this.#options = options;
    this.#keys = extraKeysOf(options);
  }

  get index(): number {
    return this.#stream.index;
  }

  next(): FixtureRecord {
    const index = this.#stream.index;
    const record = this.#stream.next();
    const story = this.#stream.story();
    const { fields, profile } = this.#options;
    const seed = this.#seed;
    const random = createRandom(mixSeed(seed, index, FIELDS_SALT));
    const individual = isIndividual(story.form);
    // Every field is drawn, in a fixed order, whichever are asked for: a field has the same value whatever else is asked.
    let values: StoryFields = drawStoryFields(record, story, random, legalFormOf(record.company));
    let out: FixtureRecord = record;
    if (profile === 'edge-cases') {
      const { flags } = values.commune;
      const edge = applyEdgeCases(record, createRandom(mixSeed(seed, index, PROFILE_SALT)), {
        individual,
        sizeClass: values.commune.sizeClass,
        dense: (flags & DENSE) !== 0,
        paris: isParis(flags),
        tropical: (flags & TROPICAL) !== 0,
        coastal: (flags & COASTAL) !== 0,
      });
      out = edge.record;
      if (edge.longCommune) {
        const { population, inseeCode } = edge.longCommune;
        values = {
          ...values,
          legal_form: legalFormOf(out.company.normalize('NFC')),
          commune: { sizeClass: population < 2000 ? 0 : 1, flags: 0, cedexTown: false, inseeCode },
        };
      } else values = { ...values, legal_form: legalFormOf(out.company.normalize('NFC')) };
    }
    const wantsLine = out.edge_cases?.includes('second-address-line') ?? false;
    const lines = drawAddressFields(out, values, random, wantsLine);
    let full: FixtureRecord & Partial<ExtraFields> = { ...out, ...values, ...lines, insee_code: values.commune.inseeCode };
    if (profile === 'edge-cases') {
      // A commune too small for a second line takes the case back; the NFD case decomposes the line too.
      if (wantsLine && lines.address_line_2 === null) full.edge_cases = full.edge_cases?.filter((edge) => edge !== 'second-address-line');
      if (full.edge_cases?.includes('nfd') && full.address_line_2 !== null)
        full.address_line_2 = full.address_line_2?.normalize('NFD') ?? null;
    }
    const hides = fields.includes('diffusion') || profile === 'negative';
    if (profile === 'negative') {
      const others =
        full.status === 'active' && full.diffusion === 'public' && full.cedex === null ? otherPostcodesOf(story.commune.line) : [];
      const kase = negativeCaseOf(index, {
        ceased: full.status === 'ceased',
        hidden: full.diffusion === 'partial',
        vat: full.vat_number !== undefined,
        mismatch: others.length > 0,
      });
      const caseRandom = createRandom(mixSeed(seed, index, NEGATIVE_SALT));
      full = applyNegativeCase(full, kase, caseRandom, () => drawByWeight(caseRandom, others));
    }
    // A unit that opted out of diffusion shows "[ND]" for its name and street, as INSEE does, and no second address line,
    // when the record says so.
    if (hides && full.diffusion === 'partial') {
      full = { ...full, company: '[ND]', street_address: '[ND]', trade_name: null, address_line_2: null, cedex: null };
    }
    if (this.#keys.includes('postal_lines')) full.postal_lines = postalLines(full);
    const served: Record<string, unknown> = {};
    for (const key of COMPANY_FIELDS) served[key] = full[key];
    const source = full as unknown as Record<string, unknown>;
    for (const key of this.#keys) if (source[key] !== undefined) served[key] = source[key];
    return served as unknown as FixtureRecord;
  }
}

/** One of `items`, drawn in proportion to its weight. */
function drawByWeight<T extends { weight: number }>(random: RandomSource, items: readonly T[]): T {
  let total = 0;
  for (const item of items) total += item.weight;
  let u = random.next() * total;
  for (const item of items) if ((u -= item.weight) < 0) return item;
  return items[items.length - 1] as T;
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
