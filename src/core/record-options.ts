// The names of the generator's opt-in options, checked without loading their data (the NAF table, the long communes):
// the HTTP handler validates its options with this module and loads `company-fixtures.ts` only when they are used.
import type { EdgeCaseFields } from './edge-cases.js';
import type { CompanyRecord } from './company-record.js';
import type { ExtraFields } from './extra-fields.js';
import type { NegativeCaseFields } from './negative-cases.js';

/** The opt-in fields a record can carry beyond the API's six, in the order they are added. */
export const EXTRA_FIELDS = [
  'vat_number',
  'legal_form',
  'naf_code',
  'naf_label',
  'created_on',
  'status',
  'head_office',
  'diffusion',
  'legal_category',
  'employee_band',
  'trade_name',
  'address_line_2',
  'cedex',
  'insee_code',
  'postal_lines',
] as const;

/** One opt-in field name. */
export type ExtraField = (typeof EXTRA_FIELDS)[number];

/**
 * The record profiles: `default` is the API's data; `edge-cases` stresses layouts and text handling; `negative` gives each
 * record one case a form must handle (a wrong VAT key, a NAF code written another way, a postcode of another city, a closed
 * establishment, a hidden name), with `valid` and a `reason`.
 */
export const PROFILES = ['default', 'edge-cases', 'negative'] as const;

/** One record profile. */
export type Profile = (typeof PROFILES)[number];

/** The opt-in options of the generator: extra fields and a profile. Neither changes the default records of a seed. */
export interface RecordOptions {
  /** Fields to add beyond the API's six (see `EXTRA_FIELDS`; `status` comes with `ceased_on`). @default [] */
  fields?: readonly ExtraField[];
  /**
   * `edge-cases` draws long, capitalised, NFD... names and addresses (see `EDGE_CASE_RATES`); `negative` gives each record a
   * case a form must handle, with `valid` and `reason` (see `NEGATIVE_CASES`). @default 'default'
   */
  profile?: Profile;
}

/** A generated record: the API's six fields, plus whatever extra fields and profile fields were asked for. */
export type FixtureRecord = CompanyRecord & Partial<ExtraFields> & Partial<EdgeCaseFields> & Partial<NegativeCaseFields>;

/** The keys a field adds to a record: `status` comes with `ceased_on`, every other field is its own key. */
export function keysOfField(field: ExtraField): readonly string[] {
  return field === 'status' ? ['status', 'ceased_on'] : [field];
}

/**
 * Checks a list of field names (from an option or a `--fields` flag) and returns them in the canonical order.
 * @example parseExtraFields(['naf_code', 'vat_number']) // ['vat_number', 'naf_code']
 */
export function parseExtraFields(names: Iterable<string>): ExtraField[] {
  const wanted = new Set<string>();
  for (const name of names) {
    if (!(EXTRA_FIELDS as readonly string[]).includes(name))
      throw new RangeError(`unknown field "${name}": the extra fields are ${EXTRA_FIELDS.join(', ')}`);
    wanted.add(name);
  }
  return EXTRA_FIELDS.filter((field) => wanted.has(field));
}

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
