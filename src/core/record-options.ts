import type { CompanyRecord } from './company-record.js';
import { applyEdgeCases, PROFILES, type EdgeCaseFields, type Profile } from './edge-cases.js';
import { drawExtraFields, parseExtraFields, type ExtraField, type ExtraFields } from './extra-fields.js';
import { mixSeed } from './mix-seed.js';
import { createRandom } from './random.js';

/** The opt-in options of the generator: extra fields and a profile. Neither changes the default records of a seed. */
export interface RecordOptions {
  /** Fields to add beyond the API's six (`vat_number`, `legal_form`, `naf_code`, `naf_label`, `created_on`). @default [] */
  fields?: readonly ExtraField[];
  /** `edge-cases` draws long, capitalised, NFD... names and addresses (see `EDGE_CASE_RATES`). @default 'default' */
  profile?: Profile;
}

/** A generated record: the API's six fields, plus whatever extra fields and profile fields were asked for. */
export type FixtureRecord = CompanyRecord & Partial<ExtraFields> & Partial<EdgeCaseFields>;

// Salts naming the side streams, so that the profile's draws and the extra fields' draws never share numbers.
const PROFILE_SALT = 0x45444745; // "EDGE"
const FIELDS_SALT = 0x4649454c; // "FIEL"

/**
 * Checks the options (field names, profile) and returns them in canonical form, or `undefined` when they ask for nothing
 * beyond the default records.
 */
export function resolveRecordOptions(options: RecordOptions): Required<RecordOptions> | undefined {
  const fields = parseExtraFields(options.fields ?? []);
  const profile = options.profile ?? 'default';
  if (!PROFILES.includes(profile)) throw new RangeError(`profile must be one of ${PROFILES.join(', ')}, got ${String(profile)}`);
  return fields.length === 0 && profile === 'default' ? undefined : { fields, profile };
}

/**
 * Checks the options and returns the step that extends record `index`, or `undefined` when there is nothing to add (the
 * default: records go out untouched). Each record draws from its own stream, `createRandom(mixSeed(seed, index, salt))`,
 * so the main stream of the seed is the same with or without these options, and record i is the same for any quantity.
 */
export function createRecordDecorator(seed: number, options: RecordOptions): ((record: CompanyRecord, index: number) => FixtureRecord) | undefined {
  const resolved = resolveRecordOptions(options);
  if (!resolved) return undefined;
  const { fields, profile } = resolved;
  return (record, index) => {
    let out: FixtureRecord = profile === 'edge-cases' ? applyEdgeCases(record, createRandom(mixSeed(seed, index, PROFILE_SALT))) : record;
    if (fields.length > 0) out = { ...out, ...drawExtraFields(out, fields, createRandom(mixSeed(seed, index, FIELDS_SALT))) };
    return out;
  };
}
