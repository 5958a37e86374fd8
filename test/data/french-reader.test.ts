import { describe, expect, it } from 'vitest';
import { EXTRA_FIELDS, generateCompanies, generateCompanyFixtures, vatNumberOf, type FixtureRecord } from '../../src/index.js';
import { checkRecord, checkRecords } from '../support/french-reader.js';

const base: FixtureRecord = {
  siret: '340 231 513 00012',
  siren: '340 231 513',
  company: 'Julie Moreau EI',
  street_address: '12 Rue des Lilas',
  city: 'Manosque',
  postcode: '04100',
};
const rules = (patch: Partial<FixtureRecord>): string[] => checkRecord({ ...base, ...patch });

// A company with every extra field, all of them agreeing: created in 2015 (SIREN 81x: 2015), a bakery in Manosque.
const story: FixtureRecord = {
  siret: '819 305 004 00012',
  siren: '819 305 004',
  company: 'Boulangerie Lefèvre SARL',
  street_address: '12 Rue des Lilas',
  city: 'Manosque',
  postcode: '04100',
  vat_number: vatNumberOf('819 305 004'),
  legal_form: 'SARL',
  naf_code: '10.71C',
  naf_label: 'Boulangerie et boulangerie-pâtisserie',
  created_on: '2015-08-02',
  status: 'active',
  ceased_on: null,
  head_office: true,
  diffusion: 'public',
  legal_category: '5499',
  employee_band: '02',
  trade_name: 'Boulangerie du Centre',
  address_line_2: 'CS 30012',
  cedex: '04103 MANOSQUE CEDEX',
  insee_code: '04112',
  postal_lines: ['BOULANGERIE LEFEVRE SARL', '12 RUE DES LILAS', 'CS 30012', '04103 MANOSQUE CEDEX'],
};
const storyRules = (patch: Partial<FixtureRecord>): string[] => checkRecord({ ...story, ...patch });

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
      { street_address: '340 Route de Pierrevert' },
      { street_address: '7 Chemin des Prés' },
      { street_address: '3 Avenue Jean-Jacques Rousseau' },
      { street_address: '15 Rue Nationale' },
      { street_address: '2 Rue de Paris' },
      { street_address: '48 Boulevard Gambetta' },
      { street_address: '12 Rue de la Plage', city: 'Le Touquet-Paris-Plage', postcode: '62520' },
      { street_address: '5 Impasse des Flamboyants', city: 'Mamoudzou', postcode: '97600' },
    ])
      expect(rules(patch), JSON.stringify(patch)).toEqual([]);
    expect(checkRecord(story)).toEqual([]);
  });

  // The combinations the issues counted in older generators, and the ones found reading records.
  it.each([
    [{ street_address: '40 Route Henri Barbusse' }, 'route not leading to a commune of the same EPCI'],
    [{ street_address: '40 Route de Strasbourg' }, 'route not leading to a commune of the same EPCI'],
    // Digne-les-Bains is 50 km away, in another intercommunality.
    [{ street_address: '40 Route de Digne-les-Bains' }, 'route not leading to a commune of the same EPCI'],
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
    [{ street_address: '60 Impasse des Lilas' }, 'number too high for a Impasse in a commune of that size'],
    [{ street_address: '75 Place du Marché' }, 'number too high for a Place in a commune of that size'],
    [{ company: 'Jean Jacques Martin EI' }, '"Jean-Jacques" without its hyphen'],
    [{ street_address: '4 Rue Jean Jacques Rousseau' }, '"Jean-Jacques" without its hyphen'],
    [{ company: 'Perrin et Perrin SNC' }, 'the same name twice'],
    [{ company: 'Girard-Girard SAS' }, 'the same name twice'],
    [{ street_address: '8 Rue de Paris', city: 'Paris', postcode: '75011' }, 'street named after its own town'],
    [{ street_address: '8 Route du Mans' }, 'route not leading to a commune of the same EPCI'],
    [{ street_address: '8 Rue de le Moulin' }, 'uncontracted article ("de le", "de les")'],
    [{ street_address: '8 Rue de les Lilas' }, 'uncontracted article ("de le", "de les")'],
    [{ street_address: '8 Rue de Orléans' }, '"de" not elided before a vowel'],
    [{ company: 'Dubois et Fils SASU' }, 'partners or family in a single-owner form (SASU)'],
    [{ company: 'Boulangerie Martin SELARL' }, 'SELARL outside a liberal profession'],
    [{ company: 'Boulangerie Martin SA' }, 'shop as a public limited company (SA)'],
    [{ company: 'Thomas Thomas EI' }, 'first name equal to the surname'],
    [{ company: 'Martin' }, 'no legal form at the end'],
    [{ street_address: '12 Chemin Victor Hugo' }, 'chemin named after a person'],
    [{ street_address: '12 Chemin de Strasbourg' }, 'chemin to a place that is not a commune of the same EPCI'],
    [{ street_address: '12 Boulevard Gambetta', city: 'Pierrevert', postcode: '04860' }, 'a Boulevard in a commune too small for one'],
    [
      { street_address: '12 Avenue Gambetta', city: 'Saint-Martin-de-Brômes', postcode: '04800' },
      'a Avenue in a commune too small for one',
    ],
    [
      { street_address: '85 Rue des Lilas', city: 'Saint-Martin-de-Brômes', postcode: '04800' },
      'number too high for a Rue in a commune of that size',
    ],
    // Maisons-Alfort is a dense suburb of Paris: its chemins are town streets, not numbered in metres.
    [
      { street_address: '350 Chemin du Four', city: 'Maisons-Alfort', postcode: '94700' },
      'number too high for a Chemin in a commune of that size',
    ],
    [{ street_address: '12 Chemin des Prés', city: 'Paris', postcode: '75011' }, 'a Chemin in Paris'],
    [{ street_address: '12 Route de La Brillanne' }, 'capital article after "de" ("Route de La Rochelle")'],
    [{ street_address: 'Rue des Lilas' }, 'street line not "<number> <type> <name>"'],
    [{ street_address: '4 Rue de la Plage' }, 'a seaside street name inland'],
    [{ company: 'Café de la Plage SARL' }, 'a shop "de la Plage" or "du Port" inland'],
    [{ street_address: '4 Impasse des Peupliers', city: 'Mamoudzou', postcode: '97600' }, 'a temperate tree or bird in a tropical street'],
    [{ city: 'Manosque', postcode: '13001' }, 'not an official (city, postcode) pair'],
  ])('flags %j as %s', (patch, rule) => {
    expect(rules(patch)).toContain(rule);
  });

  // The contradictions between extra fields that the issue counted (a third of records with every field on).
  it.each([
    [
      { company: 'Dumont et Fils SAS', legal_form: 'SAS', legal_category: '5710', created_on: '1962-04-01', siren: '552 100 554' },
      'a SAS created before the law that created the form',
    ],
    [
      { company: 'Moreau Conseil SASU', legal_form: 'SASU', legal_category: '5720', created_on: '1996-04-01', siren: '402 100 551' },
      'a SASU created before the law that created the form',
    ],
    [
      { company: 'Julie Moreau EI', legal_form: 'EI', legal_category: '1000', created_on: '1968-02-01', siren: '552 100 554' },
      'an individual entrepreneur created before 1973 still trading',
    ],
    [
      {
        company: 'Mila Moreau EI',
        legal_form: 'EI',
        legal_category: '1000',
        naf_code: '70.22Z',
        naf_label: 'Conseil pour les affaires et autres conseils de gestion',
      },
      "an individual entrepreneur's first name not given in a birth year that fits the creation date",
    ],
    [
      {
        company: 'SCI Mila et Noah',
        legal_form: 'SCI',
        legal_category: '6540',
        naf_code: '68.20B',
        naf_label: "Location de terrains et d'autres biens immobiliers",
        created_on: '1996-01-01',
        siren: '402 100 551',
      },
      'a family SCI named after children whose first names do not fit its creation date',
    ],
    [
      {
        company: 'Julie Moreau EI',
        legal_form: 'EI',
        legal_category: '1000',
        naf_code: '64.20Z',
        naf_label: 'Activités des sociétés holding',
      },
      'NAF code impossible for an individual entrepreneur',
    ],
    [
      {
        company: 'Julie Moreau EI',
        legal_form: 'EI',
        legal_category: '1000',
        naf_code: '87.10A',
        naf_label: 'Hébergement médicalisé pour personnes âgées',
      },
      'NAF code impossible for an individual entrepreneur',
    ],
    [
      {
        company: 'SCI Martin Immobilier',
        legal_form: 'SCI',
        legal_category: '6540',
        naf_code: '68.31Z',
        naf_label: 'Agences immobilières',
      },
      'NAF code outside property letting for an SCI',
    ],
    [
      {
        company: 'Cabinet Dentaire Roux SELARL',
        legal_form: 'SELARL',
        legal_category: '5485',
        naf_code: '69.20Z',
        naf_label: 'Activités comptables',
      },
      'NAF code and trade word in the name disagree',
    ],
    [{ naf_code: '52.29A', naf_label: 'Messagerie, fret express' }, 'NAF code and trade word in the name disagree'],
    [
      { naf_code: '94.91Z', naf_label: 'Activités des organisations religieuses' },
      'NAF code no company or entrepreneur carries (administration, association, household)',
    ],
    [{ naf_label: 'Autre imprimerie (labeur)' }, 'NAF label not the official one'],
    [
      { siren: '652 014 051', siret: '652 014 051 00012', vat_number: vatNumberOf('652014051') },
      'an old SIREN on a unit created after the register opened',
    ],
    [
      { siren: '952 014 056', siret: '952 014 056 00015', vat_number: vatNumberOf('952014056') },
      'SIREN and creation date from different eras',
    ],
    [{ vat_number: 'FR00819305004' }, 'VAT number not FR + key + SIREN'],
    [{ legal_category: '5710' }, 'legal_category does not match the legal form'],
    [{ status: 'active', ceased_on: '2020-01-01' }, 'an active establishment with a cessation date'],
    [{ status: 'ceased', ceased_on: '2010-01-01' }, 'ceased_on before created_on or after the reference date'],
    [{ siret: '819 305 004 00012', head_office: false }, "the unit's first establishment (NIC 0001x) not its head office"],
    [{ diffusion: 'partial' }, 'a company that is not diffusible (only a person may opt out)'],
    [
      {
        company: 'Julie Moreau EI',
        legal_form: 'EI',
        legal_category: '1000',
        naf_code: '70.22Z',
        naf_label: 'Conseil pour les affaires et autres conseils de gestion',
        employee_band: '21',
        trade_name: null,
      },
      'an individual entrepreneur with 20 or more employees',
    ],
    [{ employee_band: '07' }, 'employee_band not an INSEE band'],
    [{ trade_name: 'Garage du Centre' }, 'trade name and NAF code disagree'],
    [{ trade_name: 'Boulangerie du Port' }, 'a shop "de la Plage" or "du Port" inland'],
    [{ address_line_2: 'CS 30012', cedex: null }, 'a BP, CS or TSA line without CEDEX, or CEDEX without one'],
    [{ address_line_2: 'Bâtiment B', cedex: '04103 MANOSQUE CEDEX' }, 'a BP, CS or TSA line without CEDEX, or CEDEX without one'],
    [{ cedex: '04100 MANOSQUE CEDEX' }, "CEDEX code that is some commune's ordinary postcode"],
    [{ cedex: '13103 MANOSQUE CEDEX' }, "CEDEX code outside the commune's département"],
    [
      {
        city: 'Pierrevert',
        postcode: '04860',
        insee_code: '04152',
        cedex: '04863 PIERREVERT CEDEX',
        postal_lines: ['BOULANGERIE LEFEVRE SARL', '12 RUE DES LILAS', 'CS 30012', '04863 PIERREVERT CEDEX'],
      },
      'CEDEX in a commune under 10,000 inhabitants',
    ],
    [
      {
        city: 'Saint-Martin-de-Brômes',
        postcode: '04800',
        insee_code: '04189',
        address_line_2: 'Zone industrielle Nord',
        cedex: null,
        postal_lines: ['BOULANGERIE LEFEVRE SARL', 'ZONE INDUSTRIELLE NORD', '12 RUE DES LILAS', '04800 ST MARTIN DE BROMES'],
      },
      'a building, estate or business park line in a village',
    ],
    [{ insee_code: '04152' }, "insee_code is not the commune's"],
    [
      { postal_lines: ['Boulangerie Lefèvre SARL', '12 RUE DES LILAS', 'CS 30012', '04103 MANOSQUE CEDEX'] },
      'postal label line not upper-case ASCII',
    ],
    [
      { postal_lines: ['BOULANGERIE LEFEVRE SARL', '12 RUE DES LILAS', 'CS 30012', '04100 MANOSQUE'] },
      'postal label does not end with the postcode and city (or CEDEX) line',
    ],
    [
      { postal_lines: ['BOULANGERIE LEFEVRE SARL ET SES AMIS DU CENTRE VILLE', '12 RUE DES LILAS', 'CS 30012', '04103 MANOSQUE CEDEX'] },
      'postal label line over 38 characters',
    ],
    [{ postal_lines: ['A', 'B', 'C', 'D', 'E', 'F', '04103 MANOSQUE CEDEX'] }, 'postal label not 1 to 6 lines'],
  ])('flags extra fields %j as %s', (patch, rule) => {
    expect(storyRules(patch as Partial<FixtureRecord>)).toContain(rule);
  });

  // Issue 36: what a name, a sign, an address line and the label say of the place, as a reader of the commune sees it.
  const vineyard = {
    company: 'Julie Moreau EI',
    legal_form: 'EI',
    legal_category: '1000',
    naf_code: '01.21Z',
    naf_label: 'Culture de la vigne',
    trade_name: null,
  };
  it.each([
    [{ company: 'Boulangerie des Halles SARL', trade_name: 'Boulangerie du Stade' }, 'a shop sign naming another place than the name'],
    [
      {
        company: 'Lhomme Participations SAS',
        legal_form: 'SAS',
        legal_category: '5710',
        naf_code: '64.20Z',
        naf_label: 'Activités des sociétés holding',
        trade_name: 'Lhomme Participations',
      },
      'a shop sign on a holding or property company',
    ],
    [
      { company: 'Imprimerie des Remparts SARL', city: 'Saint-Martin-de-Brômes', postcode: '04800', insee_code: '04189' },
      'a town landmark (cathedral, theatre, town hall, ramparts) in a village under 2,000',
    ],
    [{ cedex: '04103 MANOSQUE CEDEX 2' }, 'a numbered CEDEX in a town under 100,000'],
    [
      { city: 'Marseille', postcode: '13003', insee_code: '13203', cedex: '13051 MARSEILLE CEDEX 3' },
      "a Paris, Lyon or Marseille CEDEX without its arrondissement's number and code range",
    ],
    [
      { city: 'Paris', postcode: '75116', insee_code: '75116', cedex: '75396 PARIS CEDEX 7' },
      "a Paris, Lyon or Marseille CEDEX without its arrondissement's number and code range",
    ],
    [
      { company: 'SCI Raphaël et Léo', legal_form: 'SCI', legal_category: '6540', naf_code: '68.20B', trade_name: null },
      'a BP or CS box for a property company (SCI)',
    ],
    [{ city: 'Paris', postcode: '75014', insee_code: '75114', address_line_2: 'ZA du Moulin', cedex: null }, 'a business park in Paris'],
    [
      {
        city: 'Auger-Saint-Vincent',
        postcode: '60800',
        insee_code: '60027',
        address_line_2: null,
        cedex: null,
        postal_lines: ['BOULANGERIE LEFEVRE SARL', '12 RUE DES LILAS', '60800 AUGER SAINT VINCENT'],
      },
      "last postal line not La Poste's routing label for the commune",
    ],
    [
      {
        street_address: '306 Route de Saint-Christophe-de-Chaulieu',
        postal_lines: ['BOULANGERIE LEFEVRE SARL', '306 ROUTE DE SAINT CHRISTOPHE DE', 'CS 30012', '04103 MANOSQUE CEDEX'],
      },
      "a street line cut where the norm's abbreviations fit",
    ],
    [
      { street_address: '763 Chemin du Moulin', city: 'Beauvais', postcode: '60000', insee_code: '60057' },
      'a distance-based street number in a northern or Paris-region town',
    ],
    [{ ...vineyard, city: 'Paris', postcode: '75007', insee_code: '75107' }, 'a farm in a city'],
    [{ ...vineyard, city: 'Lannion', postcode: '22300', insee_code: '22113' }, 'a vineyard in a département without vineyards'],
    [
      { company: 'Laura Grondin EI', legal_form: 'EI', legal_category: '1000', trade_name: null },
      'a La Réunion surname outside La Réunion',
    ],
  ])('flags a place that does not fit: %j as %s', (patch, rule) => {
    expect(storyRules(patch as Partial<FixtureRecord>)).toContain(rule);
  });

  it("accepts La Poste's routing label, the norm's abbreviations on a long street line, a Réunion surname in La Réunion", () => {
    const label = {
      city: 'Auger-Saint-Vincent',
      postcode: '60800',
      insee_code: '60027',
      street_address: '306 Route de Saint-Christophe-de-Chaulieu',
      address_line_2: null,
      cedex: null,
      postal_lines: ['BOULANGERIE LEFEVRE SARL', '306 RTE DE ST CHRISTOPHE DE CHAULIEU', '60800 AUGER ST VINCENT'],
    };
    const found = storyRules(label);
    expect(found).not.toContain("last postal line not La Poste's routing label for the commune");
    expect(found).not.toContain("a street line cut where the norm's abbreviations fit");
    expect(found).not.toContain('postal label without the street line');
    expect(
      rules({ company: 'Laura Grondin EI', street_address: '12 Rue des Flamboyants', city: 'Saint-Denis', postcode: '97400' }),
    ).toEqual([]);
  });

  // A clerk's reading of the unit: its staff, its establishments, its dates, and the edge-case profile's phrases.
  const consulting = {
    company: 'Moreau Conseil SARL',
    naf_code: '70.22Z',
    naf_label: 'Conseil pour les affaires et autres conseils de gestion',
  };
  const village = { city: 'Saint-Martin-de-Brômes', postcode: '04800' };
  it.each([
    [
      {
        ...consulting,
        company: 'Moreau Participations SAS',
        legal_form: 'SAS',
        naf_code: '64.20Z',
        naf_label: 'Activités des sociétés holding',
        employee_band: '00',
      },
      'employee band 00 (staff during the year, none on 31 December) on a property company or holding',
    ],
    [{ ...consulting, siret: '819 305 004 00095', created_on: '2025-06-01' }, 'a 6th or later establishment of a unit under a year old'],
    [
      { ...consulting, siret: '819 305 004 01318', created_on: '2023-01-01' },
      'a 100th or later establishment of a unit under five years old',
    ],
    [{ ...consulting, siret: '819 305 004 01318' }, 'a 100th or later establishment outside a national network (SA or SAS)'],
    [{ ...consulting, ...village, siret: '819 305 004 00095' }, 'a 6th or later establishment in a village, outside a network (SA or SAS)'],
    [
      { company: 'Julie Moreau EI', legal_form: 'EI', siret: '819 305 004 00095' },
      'an individual entrepreneur or SCI with more establishments than its moves explain',
    ],
    [{ siret: '819 305 004 00095' }, 'a single shop, holding or practice with 6 or more establishments'],
    [{ employee_band: '12' }, 'a single shop, taxi or salon with 20 or more staff'],
    [{ ...consulting, ...village, employee_band: '21' }, '50 or more staff in a village, outside farming, industry, logistics or care'],
    [
      { ...consulting, city: 'Pierrevert', postcode: '04860', employee_band: '31' },
      '200 or more staff in a commune under 5,000, outside farming, industry, logistics or care',
    ],
    [
      {
        company: 'Pharmacie du Centre SELARL',
        legal_form: 'SELARL',
        legal_category: '5485',
        naf_code: '47.73Z',
        naf_label: 'Commerce de détail de produits pharmaceutiques en magasin spécialisé',
        created_on: '1991-06-01',
      },
      'a SELARL of a profession before the decree that opened SEL to it',
    ],
    [{ status: 'ceased', ceased_on: '2020-03-01' }, "a cessation before 2025, outside the year's cessations the records stand for"],
    [{ created_on: '2025-03-02', status: 'ceased', ceased_on: '2025-03-02' }, 'created and ceased the same day'],
    [
      {
        company: "Boulangerie Lefèvre et Associés d'Occitanie du Centre SARL",
        postal_lines: ['BOULANGERIE LEFEVRE ET ASSOCIES D', '12 RUE DES LILAS', 'CS 30012', '04103 MANOSQUE CEDEX'],
      },
      'a postal label line cut after a lone letter or particle',
    ],
    [
      { ...consulting, company: 'Moreau Conseil & Associés SASU', legal_form: 'SASU', edge_cases: ['ampersand'] },
      'partners or family in a single-owner form (SASU) in the edge-case profile',
    ],
    [
      { company: "Boulangerie Lefèvre d'Occitanie SARL", edge_cases: ['straight-apostrophe'] },
      "a name naming a region that is not the establishment's",
    ],
    [
      { company: 'Boulangerie Lefèvre SARL'.normalize('NFD'), edge_cases: ['nfd'], street_address: '12 Rue des Lilas' },
      'a text field left in NFC in the NFD case',
    ],
    [
      { street_address: '2500 Chemin du Moulin', edge_cases: ['street-number-over-1000'] },
      'a street number over 1,000 in a town of 5,000 inhabitants or more',
    ],
  ])('flags the unit %j as %s', (patch, rule) => {
    expect(storyRules(patch as Partial<FixtureRecord>)).toContain(rule);
  });

  it('reads a non-diffusible unit as INSEE shows it: a person only, name and street hidden', () => {
    const hidden = { company: '[ND]', street_address: '[ND]', diffusion: 'partial' as const, legal_form: 'EI', legal_category: '1000' };
    expect(checkRecord({ ...base, ...hidden })).toEqual([]);
    expect(checkRecord({ ...base, diffusion: 'partial', legal_form: 'EI' })).toContain('a non-diffusible unit shows its name');
    expect(checkRecord({ ...base, company: '[ND]', diffusion: 'public' })).toContain('a public unit hides its name');
    expect(checkRecord({ ...base, ...hidden, address_line_2: 'Résidence du Parc' })).toContain(
      'a non-diffusible unit shows its second address line',
    );
  });

  // A sample of each kind, for a quick signal; the same seeds at 2,500 and 5,000 records each, and 100,000-record runs, are in
  // data.acceptance.test.ts (`npm run test:acceptance`).
  it('finds no broken rule in 2,000 generated records of four seeds, default or with every extra field', () => {
    const records = [3, 7, 11, 13].flatMap((seed) => [
      ...generateCompanies(250, { seed }),
      ...generateCompanyFixtures(250, { seed, fields: [...EXTRA_FIELDS] }),
    ]);
    const { total, byRule } = checkRecords(records);
    expect(
      Object.fromEntries([...byRule].map(([rule, { count, example }]) => [rule, `${count}x, e.g. ${JSON.stringify(example)}`])),
    ).toEqual({});
    expect(total).toBe(0);
  });

  it('finds no broken rule in 1,000 edge-case records with every extra field', () => {
    const records = [3, 7].flatMap((seed) => generateCompanyFixtures(500, { seed, profile: 'edge-cases', fields: [...EXTRA_FIELDS] }));
    const { byRule } = checkRecords(records);
    expect(
      Object.fromEntries([...byRule].map(([rule, { count, example }]) => [rule, `${count}x, e.g. ${JSON.stringify(example)}`])),
    ).toEqual({});
  });
});
