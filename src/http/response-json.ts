import type { CompanyRecord } from '../core/company-record.js';
import type { GenerateResponse } from './wire-types.js';

/**
 * `JSON.stringify(body)` of a generate response, byte for byte, built by concatenation. Only for records fresh from the
 * generator: their strings are digits, spaces and words from its tables, none of which needs escaping (a test checks every
 * table entry), so JSON.stringify's per-character escaping pass (and the flattening of each field it forces) is skipped.
 * Measured: about 4 microseconds less per 5-record response than JSON.stringify, a quarter of the handler's own time.
 */
export function generateBodyJson(body: GenerateResponse): string {
  const records: readonly CompanyRecord[] = body.data;
  let data = '[';
  for (let i = 0; i < records.length; i++) {
    const r = records[i] as CompanyRecord;
    if (i > 0) data += ',';
    data +=
      '{"siret":"' +
      r.siret +
      '","siren":"' +
      r.siren +
      '","company":"' +
      r.company +
      '","street_address":"' +
      r.street_address +
      '","city":"' +
      r.city +
      '","postcode":"' +
      r.postcode +
      '"}';
  }
  return '{"count":' + body.count + ',"data":' + data + '],"meta":' + JSON.stringify(body.meta) + '}';
}
