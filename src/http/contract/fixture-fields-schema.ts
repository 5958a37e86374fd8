import { EDGE_CASE_RATES } from '../../core/fixtures/edge-cases.js';
import { NEGATIVE_CASES } from '../../core/fixtures/negative-cases.js';

type JsonObject = Record<string, unknown>;

const extension = (description: string, schema: JsonObject): JsonObject => ({
  ...schema,
  description: `Extension, absent by default: ${description}`,
});

/** JSON Schemas of the optional record fields that the `fields` and `profile` options of the handler or server add. */
const FIXTURE_FIELD_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  vat_number: extension(
    'with option fields: vat_number. French VAT number, FR + key + SIREN, key = (12 + 3 x (SIREN mod 97)) mod 97; left out for a unit without one (a micro-entrepreneur, an SCI letting homes). With profile negative, also written with spaces, in lower case or with a wrong key.',
    { type: 'string', pattern: '^(FR\\d{11}|FR \\d{2} \\d{3} \\d{3} \\d{3}|fr\\d{11})$' },
  ),
  legal_form: extension('with option fields: legal_form. The legal form in the company name (SAS, SARL, SCI...), null when it has none.', {
    type: ['string', 'null'],
  }),
  naf_code: extension(
    'with option fields: naf_code. NAF rév. 2 activity code (APE) that the legal form and the trade in the name allow. With profile negative, also 1071C or 10.71c.',
    { type: 'string', pattern: '^\\d{2}\\.?\\d{2}[A-Za-z]$' },
  ),
  naf_label: extension('with option fields: naf_label. Official INSEE label of the NAF code.', { type: 'string', minLength: 1 }),
  created_on: extension(
    'with option fields: created_on. Creation date: after the law of the legal form, in the era of the SIREN, before 2026-01-01.',
    {
      type: 'string',
      format: 'date',
    },
  ),
  status: extension('with option fields: status. active, or ceased (the establishment is closed).', {
    type: 'string',
    enum: ['active', 'ceased'],
  }),
  ceased_on: extension('with option fields: status. The day a ceased establishment closed, null for an active one.', {
    type: ['string', 'null'],
    format: 'date',
  }),
  head_office: extension(
    "with option fields: head_office. Whether the establishment is the unit's head office (always its first, NIC 0001x).",
    {
      type: 'boolean',
    },
  ),
  diffusion: extension(
    'with option fields: diffusion. public, or partial for an individual entrepreneur who opted out: company and street_address then read [ND], as INSEE shows them.',
    { type: 'string', enum: ['public', 'partial'] },
  ),
  legal_category: extension(
    'with option fields: legal_category. INSEE legal category, level III (1000, 5499, 5710...), matching the legal form.',
    {
      type: 'string',
      pattern: '^\\d{4}$',
    },
  ),
  employee_band: extension(
    'with option fields: employee_band. INSEE employee band of the establishment: NN (none declared), 00, 01 (1-2) ... 53 (10,000 and more).',
    {
      type: 'string',
      enum: ['NN', '00', '01', '02', '03', '11', '12', '21', '22', '31', '32', '41', '42', '51', '52', '53'],
    },
  ),
  trade_name: extension('with option fields: trade_name. The shop sign (enseigne), or null.', { type: ['string', 'null'] }),
  address_line_2: extension(
    "with option fields: address_line_2, or profile 'edge-cases'. A second address line (building, estate, business park, BP or CS box), or null.",
    { type: ['string', 'null'] },
  ),
  cedex: extension(
    "with option fields: cedex, or profile 'edge-cases'. The CEDEX line of a BP or CS box, POSTCODE LOCALITY CEDEX[ n], or null.",
    {
      type: ['string', 'null'],
      pattern: '^\\d{5} [A-Z0-9 ]+ CEDEX( \\d{1,2})?$',
    },
  ),
  insee_code: extension("with option fields: insee_code. The commune's INSEE code (the arrondissement's in Paris, Lyon and Marseille).", {
    type: 'string',
    pattern: '^(\\d{5}|2[AB]\\d{3})$',
  }),
  postal_lines: extension(
    'with option fields: postal_lines. La Poste label: upper case without accents, at most 38 characters a line and 6 lines, the last POSTCODE LOCALITY[ CEDEX n].',
    { type: 'array', minItems: 1, maxItems: 6, items: { type: 'string', pattern: '^[A-Z0-9 &]{1,38}$' } },
  ),
  edge_cases: extension("with option profile: 'edge-cases'. The edge cases this record carries.", {
    type: 'array',
    items: { type: 'string', enum: Object.keys(EDGE_CASE_RATES) },
  }),
  negative_case: extension("with option profile: 'negative'. The case this record carries.", { type: 'string', enum: [...NEGATIVE_CASES] }),
  valid: extension("with option profile: 'negative'. What a correct check answers for this record.", { type: 'boolean' }),
  reason: extension("with option profile: 'negative'. Why, in a sentence.", { type: 'string', minLength: 1 }),
};

/** The record schema with the optional extension fields added (not required; the default record has the spec's six). */
export function withFixtureFields(recordSchema: JsonObject): JsonObject {
  return { ...recordSchema, properties: { ...(recordSchema.properties as JsonObject), ...FIXTURE_FIELD_SCHEMAS } };
}
