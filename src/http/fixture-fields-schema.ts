import { EDGE_CASE_RATES } from '../core/edge-cases.js';

type JsonObject = Record<string, unknown>;

const extension = (description: string, schema: JsonObject): JsonObject => ({
  ...schema,
  description: `Extension, absent by default: ${description}`,
});

/** JSON Schemas of the optional record fields that the `fields` and `profile` options of the handler or server add. */
export const FIXTURE_FIELD_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  vat_number: extension('with option fields: vat_number. French VAT number, FR + key + SIREN, key = (12 + 3 x (SIREN mod 97)) mod 97.', {
    type: 'string',
    pattern: '^FR\\d{11}$',
  }),
  legal_form: extension('with option fields: legal_form. The legal form in the company name (SAS, SARL, SCI...), null when it has none.', {
    type: ['string', 'null'],
  }),
  naf_code: extension('with option fields: naf_code. NAF rév. 2 activity code (APE), consistent with the name.', {
    type: 'string',
    pattern: '^\\d{2}\\.\\d{2}[A-Z]$',
  }),
  naf_label: extension('with option fields: naf_label. Official INSEE label of the NAF code.', { type: 'string', minLength: 1 }),
  created_on: extension('with option fields: created_on. Creation date, plausible for the SIREN, never after 2026-01-01.', {
    type: 'string',
    format: 'date',
  }),
  address_line_2: extension("with option profile: 'edge-cases'. A second address line, or null.", { type: ['string', 'null'] }),
  edge_cases: extension("with option profile: 'edge-cases'. The edge cases this record carries.", {
    type: 'array',
    items: { type: 'string', enum: Object.keys(EDGE_CASE_RATES) },
  }),
};

/** The record schema with the optional extension fields added (not required; the default record has the spec's six). */
export function withFixtureFields(recordSchema: JsonObject): JsonObject {
  return { ...recordSchema, properties: { ...(recordSchema.properties as JsonObject), ...FIXTURE_FIELD_SCHEMAS } };
}
