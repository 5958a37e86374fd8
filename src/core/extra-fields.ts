import type { CompanyRecord } from './company-record.js';
import { drawCreatedOn } from './created-on.js';
import { legalFormOf } from './legal-form.js';
import { drawNafCode } from './naf.js';
import type { RandomSource } from './random.js';
import { vatNumberOf } from './vat.js';

/** The opt-in fields a record can carry beyond the API's six, in the order they are added. */
export const EXTRA_FIELDS = ['vat_number', 'legal_form', 'naf_code', 'naf_label', 'created_on'] as const;

/** One opt-in field name. */
export type ExtraField = (typeof EXTRA_FIELDS)[number];

/** The opt-in fields (documented in docs/fixtures.md and the OpenAPI document). */
export interface ExtraFields {
  /** `FR` + 2-digit key + SIREN, e.g. `FR44732829320`; valid for python-stdnum's `fr.tva`. */
  vat_number: string;
  /** The legal form in the company name (`SAS`, `SARL`, `SCI`...), or `null` when the name carries none. */
  legal_form: string | null;
  /** NAF rév. 2 sub-class (APE code), `^\d{2}\.\d{2}[A-Z]$`, consistent with the name ("Boulangerie ..." -> `10.71C`). */
  naf_code: string;
  /** The official INSEE label of `naf_code`. */
  naf_label: string;
  /** ISO date `YYYY-MM-DD`, plausible for the SIREN, never after 2026-01-01. */
  created_on: string;
}

/**
 * Checks a list of field names (from an option or a `--fields` flag) and returns them in the canonical order.
 * @example parseExtraFields(['naf_code', 'vat_number']) // ['vat_number', 'naf_code']
 */
export function parseExtraFields(names: Iterable<string>): ExtraField[] {
  const wanted = new Set<string>();
  for (const name of names) {
    if (!(EXTRA_FIELDS as readonly string[]).includes(name)) throw new RangeError(`unknown field "${name}": the extra fields are ${EXTRA_FIELDS.join(', ')}`);
    wanted.add(name);
  }
  return EXTRA_FIELDS.filter((field) => wanted.has(field));
}

/**
 * The extra fields of one record. Every field is drawn, in a fixed order, whichever are asked for, so a field has the same
 * value whatever other fields are requested; `random` is the record's own side stream.
 */
export function drawExtraFields(record: CompanyRecord, fields: readonly ExtraField[], random: RandomSource): Partial<ExtraFields> {
  const naf = drawNafCode(random, record.company);
  const all: ExtraFields = {
    vat_number: vatNumberOf(record.siren),
    legal_form: legalFormOf(record.company),
    naf_code: naf.code,
    naf_label: naf.label,
    created_on: drawCreatedOn(random, record.siren),
  };
  const out: Partial<ExtraFields> = {};
  for (const field of fields) (out as Record<string, unknown>)[field] = all[field];
  return out;
}
