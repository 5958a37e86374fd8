import type { CompanyRecord } from './company-record.js';
import { drawCreatedOn } from './created-on.js';
import { legalFormOf } from './legal-form.js';
import { drawNafCode } from './naf.js';
import type { RandomSource } from './random.js';
import type { ExtraField } from './record-options.js';
import { vatNumberOf } from './vat.js';

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
