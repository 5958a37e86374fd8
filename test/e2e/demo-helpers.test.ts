import { describe, expect, it } from 'vitest';
import { httpLink } from '../../demo/http-link.js';
import { parseCsv } from '../../demo/parse-csv.js';
import { parseRateLimitList, readQuotaHeaders } from '../../demo/rate-limit-header.js';
import { COMPANY_FIELDS, generateCompanies, toCsv, type CompanyRecord } from '../../src/index.js';

// The two parsers the demo page reads responses with, checked against the service's own writers.
describe('parseCsv (demo table from a CSV answer)', () => {
  const awkward: CompanyRecord = {
    siret: '732 829 320 00074',
    siren: '732 829 320',
    company: 'Dupont, "Fils" & Cie',
    street_address: '3 rue des Lilas\r\nBâtiment B',
    city: 'Saint-Étienne',
    postcode: '42000',
  };

  it('reads back what toCsv writes: quoted commas, doubled quotes and line breaks inside a cell', () => {
    const records = [...generateCompanies(20, { seed: 42 }), awkward];
    const rows = parseCsv(toCsv(records));
    expect(rows[0]).toEqual([...COMPANY_FIELDS]);
    expect(rows.slice(1)).toEqual(records.map((record) => COMPANY_FIELDS.map((field) => record[field])));
  });

  it('reads the Excel variant (BOM and semicolons)', () => {
    const rows = parseCsv(toCsv([awkward], { excel: true }));
    expect(rows[0]).toEqual([...COMPANY_FIELDS]);
    expect(rows[1]).toEqual(COMPANY_FIELDS.map((field) => awkward[field]));
  });
});

describe('RateLimit headers (demo quota meters)', () => {
  it('reads remaining and reset per window, and the policy quota', () => {
    const headers = new Headers({
      RateLimit: '"minute";r=7;t=42, "day";r=93;t=51234',
      'RateLimit-Policy': '"minute";q=10;w=60, "day";q=100;w=86400',
    });
    expect(readQuotaHeaders(headers)).toEqual({
      minute: { remaining: 7, resetSeconds: 42, quota: 10, windowSeconds: 60 },
      day: { remaining: 93, resetSeconds: 51234, quota: 100, windowSeconds: 86400 },
    });
  });

  it('skips what it cannot read instead of failing', () => {
    expect(parseRateLimitList(null)).toEqual({});
    expect(parseRateLimitList('"minute";r=abc;t=5, ;q=1')).toEqual({ minute: { resetSeconds: 5 } });
  });
});

describe('httpLink (the upgrade links of the demo panels)', () => {
  const base = 'http://127.0.0.1:3000/';

  it('keeps http and https links, relative ones resolved against the page', () => {
    expect(httpLink('https://example.com/pricing', base)).toBe('https://example.com/pricing');
    expect(httpLink('http://127.0.0.1:3000/pricing', base)).toBe('http://127.0.0.1:3000/pricing');
    expect(httpLink('/pricing', base)).toBe('http://127.0.0.1:3000/pricing');
  });

  it('refuses every other scheme, and values that are not URLs or not strings', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'file:///etc/passwd',
      'http://[',
      42,
      null,
      undefined,
    ])
      expect(httpLink(value, base), String(value)).toBeUndefined();
  });
});
