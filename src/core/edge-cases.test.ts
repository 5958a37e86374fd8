import { describe, expect, it } from 'vitest';
import { loadOfficialPairs } from '../../test/support/communes-source.js';
import { COMPANY_FIELDS } from './company-record.js';
import { EDGE_CASE_RATES, type EdgeCase } from './edge-cases.js';
import { generateCompanyFixtures } from './company-fixtures.js';
import { generateCompanies } from './generate-companies.js';
import { legalFormOf } from './legal-form.js';
import { isValidSiren } from './siren.js';
import { isValidSiret } from './siret.js';

const N = 20_000;
const COMPANY_ONLY: readonly EdgeCase[] = ['long-name', 'ampersand', 'straight-apostrophe', 'curly-apostrophe', 'digits'];

describe("the 'edge-cases' profile", () => {
  const records = generateCompanyFixtures(N, { seed: 1337, profile: 'edge-cases' });
  const plain = generateCompanies(N, { seed: 1337 });
  const carrying = (edge: EdgeCase) => records.filter((r) => r.edge_cases?.includes(edge));

  it('draws each edge case at its documented rate among the records it can apply to (within 2 points over 20,000 records)', () => {
    // The name cases but capitals and NFD apply to companies only (an individual entrepreneur's name stays a person's).
    const companies = records.filter((r) => !/ EI$/i.test(r.company.normalize('NFC')));
    const among = (edge: EdgeCase) => (COMPANY_ONLY.includes(edge) ? companies : records);
    for (const [edge, rate] of Object.entries(EDGE_CASE_RATES) as Array<[EdgeCase, number]>) {
      // Exclusions lower a few rates: no number above 1,000 on a lieu-dit, one apostrophe style per name, a second line
      // only in a commune of 2,000 or more, a lieu-dit under 20,000, a long number outside dense cities.
      const expected =
        edge === 'curly-apostrophe'
          ? rate * (1 - EDGE_CASE_RATES['straight-apostrophe'])
          : edge === 'street-number-over-1000'
            ? rate * (1 - EDGE_CASE_RATES['lieu-dit'])
            : rate;
      const measured = among(edge).filter((r) => r.edge_cases?.includes(edge)).length / among(edge).length;
      if (
        edge === 'second-address-line' ||
        edge === 'lieu-dit' ||
        edge === 'street-number-over-1000' ||
        edge === 'nfd' ||
        edge === 'long-commune'
      ) {
        expect(measured, edge).toBeGreaterThan(expected * 0.5);
        expect(measured, edge).toBeLessThan(expected + 0.02);
      } else expect(Math.abs(measured - expected), edge).toBeLessThan(0.02);
    }
  });

  it('keeps every SIRET and SIREN of the seed, valid, and every (city, postcode) pair real', () => {
    const pairs = loadOfficialPairs();
    records.forEach((r, i) => {
      expect(r.siret).toBe(plain[i]?.siret);
      expect(isValidSiret(r.siret) && isValidSiren(r.siren)).toBe(true);
      expect(pairs.has(`${r.city.normalize('NFC')}|${r.postcode}`)).toBe(true);
      expect(Object.keys(r)).toEqual([...COMPANY_FIELDS, 'address_line_2', 'cedex', 'edge_cases']);
    });
  });

  it('carries each edge case it lists, and keeps the legal form of the name', () => {
    const accent = /[\u00c0-\u017f]/;
    records.forEach((r, i) => {
      const has = (edge: EdgeCase) => r.edge_cases?.includes(edge) ?? false;
      const nfc = r.company.normalize('NFC');
      if (has('long-name')) expect(r.company.normalize('NFC').length).toBeGreaterThanOrEqual(60);
      // 120 UTF-16 units at most, in NFC and in the form served (an NFD name counts its combining marks).
      expect(nfc.length).toBeLessThanOrEqual(120);
      expect(r.company.length).toBeLessThanOrEqual(120);
      // An individual entrepreneur's name stays a person's: no "&", digits, apostrophes or added phrases.
      if (/ EI$/i.test(nfc)) expect(nfc.split(' ').length).toBe((plain[i]?.company ?? '').split(' ').length);
      expect(nfc === nfc.toUpperCase()).toBe(has('capitals') || nfc === (plain[i]?.company ?? '').toUpperCase());
      if (has('ampersand')) expect(r.company).toContain('&');
      if (has('straight-apostrophe')) expect(r.company).toContain("'");
      if (has('curly-apostrophe')) expect(r.company).toContain('\u2019');
      if (has('digits')) expect(r.company).toMatch(/\d/);
      // NFD decomposes every text field; an individual entrepreneur's unaccented name stays as it is.
      if (!has('nfd')) expect(r.company).toBe(nfc);
      if (has('nfd')) expect([r.company, r.street_address, r.city].some((text) => text !== text.normalize('NFC'))).toBe(true);
      if (has('nfd') && !/ EI$/i.test(nfc)) expect(accent.test(nfc)).toBe(true);
      if (has('long-commune')) expect(r.city.normalize('NFC').length).toBeGreaterThanOrEqual(31);
      // The record's own second line, if it has one; the case gives one to a record of a commune that allows it.
      if (has('second-address-line')) expect(r.address_line_2).not.toBeNull();
      // A BP or CS box comes with its CEDEX line.
      expect(r.cedex !== null).toBe(/^(BP|CS) /.test(r.address_line_2 ?? ''));
      if (has('street-number-over-1000')) expect(r.street_address.normalize('NFC')).toMatch(/^[1-4]\d{3} Chemin /);
      if (has('lieu-dit')) expect(r.street_address).not.toMatch(/^\d/);
      expect(legalFormOf(nfc)).toBe(legalFormOf(plain[i]?.company ?? ''));
    });
    expect(Math.max(...carrying('long-name').map((r) => r.company.normalize('NFC').length))).toBeGreaterThan(100);
    expect(carrying('long-commune').some((r) => r.city.normalize('NFC').length === 45)).toBe(true);
  });

  it('is deterministic for a seed, and record i does not depend on the quantity', () => {
    expect(generateCompanyFixtures(300, { seed: 1337, profile: 'edge-cases' })).toEqual(records.slice(0, 300));
    expect(generateCompanyFixtures(300, { seed: 1338, profile: 'edge-cases' })).not.toEqual(records.slice(0, 300));
  });

  it('combines with extra fields, which read the edited name', () => {
    const both = generateCompanyFixtures(500, { seed: 1337, profile: 'edge-cases', fields: ['legal_form', 'naf_code'] });
    both.forEach((r, i) => {
      expect(r.company).toBe(records[i]?.company);
      expect(r.legal_form).toBe(legalFormOf(r.company));
    });
  });

  it('refuses an unknown profile', () => {
    expect(() => generateCompanyFixtures(1, { seed: 1, profile: 'weird' as never })).toThrow(
      /profile must be one of default, edge-cases, negative/,
    );
  });
});
