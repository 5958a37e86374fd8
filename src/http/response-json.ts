import type { CompanyRecord } from '../core/company-record.js';
import type { GenerateMeta, GenerateResponse } from './wire-types.js';

// The meta object's two strings, JSON-quoted once and kept while they stay the same (the timestamp changes once a second,
// the source never): JSON.stringify of the whole meta was a tenth of a one-record answer's time in the handler.
let lastStamp = '';
let lastStampJson = '""';
let lastSource = '';
let lastSourceJson = '""';

/** `JSON.stringify(meta)`, byte for byte. */
function metaJson(meta: GenerateMeta): string {
  if (meta.generated_at !== lastStamp) {
    lastStamp = meta.generated_at;
    lastStampJson = JSON.stringify(lastStamp);
  }
  if (meta.source !== lastSource) {
    lastSource = meta.source;
    lastSourceJson = JSON.stringify(lastSource);
  }
  return (
    '{"generated_at":' +
    lastStampJson +
    ',"source":' +
    lastSourceJson +
    // Whole numbers (a count, or -1): written as JSON writes them.
    ',"rate_limit_remaining_minute":' +
    meta.rate_limit_remaining_minute +
    ',"rate_limit_remaining_day":' +
    meta.rate_limit_remaining_day +
    '}'
  );
}

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
    // The comma that separates records comes with the record's first piece: one concatenation (and one node for the
    // flattening to walk) fewer per record.
    data +=
      (i > 0 ? ',{"siret":"' : '{"siret":"') +
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
  return '{"count":' + body.count + ',"data":' + data + '],"meta":' + metaJson(body.meta) + '}';
}
