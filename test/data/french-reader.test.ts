import { describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../src/core/company-record.js';
import { generateCompanies } from '../../src/index.js';
import { checkRecord, checkRecords } from '../support/french-reader.js';

const base: CompanyRecord = {
  siret: '340 231 513 00012',
  siren: '340 231 513',
  company: 'Julie Moreau EI',
  street_address: '12 Rue des Lilas',
  city: 'Manosque',
  postcode: '04100',
};
const rules = (patch: Partial<CompanyRecord>): string[] => checkRecord({ ...base, ...patch });

describe('the French reader checker', () => {
  it('accepts believable records', () => {
    for (const patch of [
      {},
      { company: 'Boulangerie Lefèvre SARL' },
      { company: 'Moreau Conseil SASU' },
      { company: 'SCI Les Tilleuls' },
      { company: 'SCI du Parc' },
      { company: 'Pharmacie du Centre SELARL' },
      { company: 'Petit et Roux SNC' },
      { company: 'Jean-Jacques Martin EI' },
      { street_address: '340 Route de Digne-les-Bains' },
      { street_address: '7 Chemin des Prés' },
      { street_address: '3 Avenue Jean-Jacques Rousseau' },
      { street_address: '15 Rue Nationale' },
      { street_address: '2 Rue de Paris' },
    ])
      expect(rules(patch), JSON.stringify(patch)).toEqual([]);
  });

  // The combinations the issue counted in the old generator, and the ones found reading records.
  it.each([
    [{ street_address: '40 Route Henri Barbusse' }, 'route not leading to a nearby commune'],
    [{ street_address: '40 Route de Strasbourg' }, 'route not leading to a nearby commune'],
    [{ company: 'Immobilier André SAS' }, 'activity word "Immobilier" before the name'],
    [{ company: 'Paysages Prévost SARL' }, 'activity word "Paysages" before the name'],
    [{ company: 'Société Poulain EI' }, "EI on a name that is not a person's"],
    [{ company: 'Groupe Fontaine EI' }, "EI on a name that is not a person's"],
    [{ company: 'Thomas et Laurent EI' }, "EI on a name that is not a person's"],
    [{ company: 'SCI Du Parc' }, 'capitalised particle ("Du", "De", "Des", "Et") inside a name'],
    [{ company: 'Pharmacie Martin SAS' }, 'pharmacy as SAS'],
    [{ company: 'Pharmacie du Centre SASU' }, 'pharmacy as SASU'],
    [{ street_address: '3 Chemin Nationale' }, '"Chemin Nationale"'],
    [{ street_address: '3 Impasse Nationale' }, '"Impasse Nationale"'],
    [{ street_address: '60 Impasse des Lilas' }, 'number 60 too high for a Impasse'],
    [{ street_address: '75 Place du Marché' }, 'number 75 too high for a Place'],
    [{ company: 'Jean Jacques Martin EI' }, '"Jean-Jacques" without its hyphen'],
    [{ street_address: '4 Rue Jean Jacques Rousseau' }, '"Jean-Jacques" without its hyphen'],
    [{ company: 'Perrin et Perrin SNC' }, 'the same name twice'],
    [{ company: 'Girard-Girard SAS' }, 'the same name twice'],
    [{ street_address: '8 Rue de Paris', city: 'Paris', postcode: '75011' }, 'street named after its own town'],
    [{ street_address: '8 Route du Mans' }, 'route not leading to a nearby commune'],
    [{ street_address: '8 Rue de le Moulin' }, 'uncontracted article ("de le", "de les")'],
    [{ street_address: '8 Rue de les Lilas' }, 'uncontracted article ("de le", "de les")'],
    [{ street_address: '8 Rue de Orléans' }, '"de" not elided before a vowel'],
    [{ company: 'Dubois et Fils SASU' }, 'partners or family in a single-owner form (SASU)'],
    [{ company: 'Boulangerie Martin SELARL' }, 'SELARL outside a liberal profession'],
    [{ company: 'Boulangerie Martin SA' }, 'shop as a public limited company (SA)'],
    [{ company: 'Thomas Thomas EI' }, 'first name equal to the surname'],
    [{ company: 'Martin' }, 'no legal form at the end'],
    [{ street_address: '12 Chemin Victor Hugo' }, 'chemin named after a person'],
    [{ street_address: '12 Chemin de Strasbourg' }, 'chemin to a place that is not a nearby commune'],
    [{ street_address: '12 Boulevard Gambetta', city: 'Pierrevert', postcode: '04860' }, 'a Boulevard in a village'],
    [{ street_address: '12 Chemin des Prés', city: 'Paris', postcode: '75011' }, 'a Chemin in Paris'],
    [{ street_address: '12 Route de La Brillanne' }, 'capital article after "de" ("Route de La Rochelle")'],
    [{ street_address: 'Rue des Lilas' }, 'street line not "<number> <type> <name>"'],
  ])('flags %j as %s', (patch, rule) => {
    expect(rules(patch)).toContain(rule);
  });

  it('finds no broken rule in 20,000 generated records of four seeds', () => {
    const { total, byRule } = checkRecords([3, 7, 11, 13].flatMap((seed) => generateCompanies(5_000, { seed })));
    expect(
      Object.fromEntries([...byRule].map(([rule, { count, example }]) => [rule, `${count}x, e.g. ${JSON.stringify(example)}`])),
    ).toEqual({});
    expect(total).toBe(0);
  });
});
