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

describe("the 'edge-cases' profile", () => {
  const records = generateCompanyFixtures(N, { seed: 1337, profile: 'edge-cases' });
  const plain = generateCompanies(N, { seed: 1337 });
  const carrying = (edge: EdgeCase) => records.filter((r) => r.edge_cases?.includes(edge));

  it('draws each edge case at its documented rate (within 1.5 points over 20,000 records)', () => {
    for (const [edge, rate] of Object.entries(EDGE_CASE_RATES) as Array<[EdgeCase, number]>) {
      // Exclusions lower two rates: no number above 1,000 on a lieu-dit, one apostrophe style per name.
      const expected =
        edge === 'street-number-over-1000'
          ? rate * (1 - EDGE_CASE_RATES['lieu-dit'])
          : edge === 'curly-apostrophe'
            ? rate * (1 - EDGE_CASE_RATES['straight-apostrophe'])
            : rate;
      expect(Math.abs(carrying(edge).length / N - expected), edge).toBeLessThan(0.015);
    }
  });

  it('keeps every SIRET and SIREN of the seed, valid, and every (city, postcode) pair real', () => {
    const pairs = loadOfficialPairs();
    records.forEach((r, i) => {
      expect(r.siret).toBe(plain[i]?.siret);
      expect(isValidSiret(r.siret) && isValidSiren(r.siren)).toBe(true);
      expect(pairs.has(`${r.city.normalize('NFC')}|${r.postcode}`)).toBe(true);
      expect(Object.keys(r)).toEqual([...COMPANY_FIELDS, 'address_line_2', 'edge_cases']);
    });
  });

  it('carries each edge case it lists, and keeps the legal form of the name', () => {
    const accent = /[\u00c0-\u017f]/;
    records.forEach((r, i) => {
      const has = (edge: EdgeCase) => r.edge_cases?.includes(edge) ?? false;
      const nfc = r.company.normalize('NFC');
      if (has('long-name')) expect(r.company.normalize('NFC').length).toBeGreaterThanOrEqual(60);
      expect(nfc.length).toBeLessThanOrEqual(120);
      expect(nfc === nfc.toUpperCase()).toBe(has('capitals') || nfc === (plain[i]?.company ?? '').toUpperCase());
      if (has('ampersand')) expect(r.company).toContain('&');
      if (has('straight-apostrophe')) expect(r.company).toContain("'");
      if (has('curly-apostrophe')) expect(r.company).toContain('\u2019');
      if (has('digits')) expect(r.company).toMatch(/\d/);
      expect(r.company !== nfc).toBe(has('nfd'));
      if (has('nfd')) expect(accent.test(nfc)).toBe(true);
      if (has('long-commune')) expect(r.city.normalize('NFC').length).toBeGreaterThanOrEqual(31);
      expect(r.address_line_2 !== null).toBe(has('second-address-line'));
      if (has('street-number-over-1000')) expect(Number(/^\d+/.exec(r.street_address)?.[0])).toBeGreaterThan(1000);
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
    expect(() => generateCompanyFixtures(1, { seed: 1, profile: 'weird' as never })).toThrow(/profile must be one of default, edge-cases/);
  });
});
