// The French reader's rules on the extra fields: each field must agree with the name, the SIREN and the address, and with
// the other fields. A rule applies when the record carries the fields it reads. Legal facts (the laws that created each
// form, INSEE's legal categories and employee bands) are written here from their sources; the SIREN allocation model and
// the first-name birth years are the generator's documented tables (docs/data.md), checked as the rule they state.
import { prefixPeriod, REGISTER_OPENED } from '../../src/core/company/company-story.js';
import { FIRST_NAME_BIRTHS } from '../../src/core/data/first-name-births.js';
import { ACTIVITIES } from '../../src/core/data/names.js';
import { legalFormOf, loadNafCodes, type FixtureRecord } from '../../src/core/fixtures/index.js';
import { vatNumberOf } from '../../src/core/identifiers/index.js';
import { routingLocality, streetLineForms } from './place-rules.js';
import { communeOfPair, isOrdinaryPostcode } from './register.js';

/** The day each form exists from: the law that created it. */
const LAW_DATES: Record<string, string> = {
  SAS: '1994-01-03', // loi n° 94-1 du 3 janvier 1994
  SASU: '1999-07-12', // loi n° 99-587 du 12 juillet 1999
  EURL: '1985-07-11', // loi n° 85-697 du 11 juillet 1985
  SELARL: '1991-01-01', // loi n° 90-1258 du 31 décembre 1990
  SELAS: '2001-12-12', // loi n° 2001-1168 du 11 décembre 2001 (MURCEF)
  SARL: '1925-03-07', // loi du 7 mars 1925
};

/** INSEE legal categories, level III (https://www.insee.fr/fr/information/2028129), that each form may carry. */
const CATEGORIES: Record<string, readonly string[]> = {
  EI: ['1000'],
  SNC: ['5202'],
  SARL: ['5499'],
  EURL: ['5498'],
  SELARL: ['5485'],
  SA: ['5599', '5699'],
  SAS: ['5710'],
  SASU: ['5720'],
  SELAS: ['5785'],
  SCI: ['6540'],
};

/** INSEE's employee bands (tranches d'effectifs salariés). */
const EMPLOYEE_BANDS = new Set(['NN', '00', '01', '02', '03', '11', '12', '21', '22', '31', '32', '41', '42', '51', '52', '53']);

/** NAF codes (by prefix) no unit of any of our forms carries: public administration, associations, households, a central bank. */
const NEVER = ['84', '94', '97', '98', '99', '64.11'];
/** Activities a person cannot carry on as an individual entrepreneur: mines, refining, utilities, banks, insurers, holdings, hospitals... */
// prettier-ignore
const NOT_INDIVIDUAL = ['05', '06', '07', '08', '09', '19', '20.1', '21', '24.1', '29.1', '30.1', '30.2', '30.3', '35', '36', '49.1', '49.2', '49.5',
  '51', '53.1', '60', '61', '64', '65', '66.11', '66.3', '70.10', '85.1', '85.2', '85.3', '85.4', '86.1', '87', '88.1', '88.91', '91.0'];
/** What a property company (SCI) does: let or manage its own property. */
const SCI_ONLY = ['68.20'];
/** Liberal professions a SEL practises. */
const SEL_ONLY = ['47.73', '69.10', '86.21', '86.22', '86.23', '75.00', '71.11', '69.20', '86.9'];
/** Liberal professions practised only by a person or in their own companies (SEL, SCP), never as a commercial company. */
const LIBERAL_ONLY = ['86.21', '86.22', '86.23', '75.00', '69.10'];
/** A pharmacy's code, only for the forms a pharmacy may take. */
const PHARMACY_FORMS = new Set(['SELARL', 'SELAS', 'SARL', 'EURL', 'SNC', 'EI']);
/** Holdings belong to companies with shareholders. */
const HOLDING = ['64.20', '70.10'];

/** The NAF codes (by prefix) a trade or activity word in a name allows; a word absent from here says nothing. */
// prettier-ignore
const TRADE_CODES: Record<string, readonly string[]> = {
  Boulangerie: ['10.71', '47.24'], Pâtisserie: ['10.71', '47.24'], 'Boulangerie-Pâtisserie': ['10.71', '47.24'],
  Boucherie: ['47.22', '10.11', '10.13'], 'Boucherie-Charcuterie': ['47.22', '10.13'], Charcuterie: ['47.22', '10.13'],
  Fromagerie: ['47.29', '10.51'], Poissonnerie: ['47.23'], Épicerie: ['47.11', '47.29'], Garage: ['45.2', '45.1'],
  Carrosserie: ['45.20'], Pharmacie: ['47.73'], Menuiserie: ['43.32', '16.23', '31.09'], Plomberie: ['43.22'],
  Maçonnerie: ['43.99', '41.20'], Charpente: ['43.91', '16.23'], Serrurerie: ['43.32', '25.12'], Transports: ['49.3', '49.4', '52.29'],
  Taxis: ['49.32'], Ambulances: ['86.90'], Imprimerie: ['18.1'], Librairie: ['47.61'], Coiffure: ['96.02'], Restaurant: ['56.10'],
  Café: ['56.30', '56.10'], Brasserie: ['56.10', '56.30', '11.05'], Hôtel: ['55.10', '55.20'], 'Auto-école': ['85.53'],
  Pressing: ['96.01'], Optique: ['47.78'], Bar: ['56.30'], Tabac: ['47.26'], Quincaillerie: ['47.52'], Cordonnerie: ['95.23'],
  Traiteur: ['56.21', '10.85'], Cave: ['47.25'], Crêperie: ['56.10'], Pizzeria: ['56.10'], Institut: ['96.02', '96.04'],
  Cabinet: ['69.20', '66.22', '70.22', '68.31', '71.1', '74.90'], 'Cabinet Dentaire': ['86.23'], 'Clinique Vétérinaire': ['75.00'],
  Avocats: ['69.10'], Conseil: ['70.2', '74.90', '62.02'], Consulting: ['70.2', '74.90', '62.02'], Informatique: ['62.0', '58.29', '95.11'],
  Immobilier: ['68'], Construction: ['41.20', '43'], Bâtiment: ['41.20', '43'], Rénovation: ['41.20', '43'], Habitat: ['41.20', '43'],
  Logistique: ['52', '49.41'], Distribution: ['46', '47'], Négoce: ['46', '47'], Industrie: ['22', '25', '28', '33'],
  Patrimoine: ['66.19', '68', '70.22', '64.20'], Invest: ['64.20', '70.10', '66.19'], Investissements: ['64.20', '70.10', '66.19'],
  Participations: ['64.20', '70.10'], Holding: ['64.20', '70.10'], Finances: ['64.20', '66.19', '70.22'], Groupe: ['64.20', '70.10'],
  Développement: ['70.22', '62.01', '73.11'], Ingénierie: ['71.12', '71.11'], Études: ['71.12', '71.11', '74.90'],
  Expertise: ['69.20', '71.12', '74.90'], Énergies: ['43.21', '35.11', '43.22'], Formation: ['85.59', '85.5'],
  Communication: ['73.1', '70.21', '58'], Design: ['74.10'], Paysage: ['81.30'], Paysages: ['81.30'], Électricité: ['43.21'],
  Couverture: ['43.91'], Peinture: ['43.34'], Terrassement: ['43.12'], Carrelage: ['43.33'], Chauffage: ['43.22'],
  Environnement: ['38', '39', '71.12', '81.29'], Sécurité: ['80.1', '80.2'], Nettoyage: ['81.2'], Gestion: ['70.22', '68.32', '69.20'],
  Automobiles: ['45'], Agencement: ['43.32', '43.39', '31.0'],
};

const ACTIVITY_WORDS = new Set(ACTIVITIES);

let births: Map<string, readonly number[]> | undefined;
/** Whether first name `name` was given to people born between `from` and `to` (its birth years per the summary table). */
function givenBetween(name: string, from: number, to: number): boolean | undefined {
  births ??= new Map(
    FIRST_NAME_BIRTHS.split(';').map((entry) => {
      const space = entry.lastIndexOf(' ');
      return [
        entry.slice(0, space).toUpperCase(),
        entry
          .slice(space + 1)
          .split(/[-,]/)
          .map(Number),
      ] as const;
    }),
  );
  const ranges = births.get(name.toUpperCase());
  if (!ranges) return undefined;
  for (let k = 0; k < ranges.length; k += 2) if ((ranges[k] as number) <= to && (ranges[k + 1] as number) >= from) return true;
  return false;
}

const startsWithAny = (code: string, prefixes: readonly string[]): boolean => prefixes.some((p) => code.startsWith(p));

/** The trade or activity word of a name, as TRADE_CODES knows them (two-word trades first). */
function tradeOf(name: string): string | undefined {
  const words = name.split(' ');
  const two = `${words[0]} ${words[1]}`;
  if (TRADE_CODES[two]) return two;
  if (words[0] !== undefined && TRADE_CODES[words[0]] && !ACTIVITY_WORDS.has(words[0])) return words[0];
  const beforeForm = words.at(-2);
  if (beforeForm !== undefined && TRADE_CODES[beforeForm]) return beforeForm;
  return undefined;
}

/** Text as La Poste prints it: upper case, no accents, apostrophes and hyphens as spaces, no other sign but "&". */
function postalText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/Œ/g, 'OE')
    .replace(/œ/g, 'oe')
    .toUpperCase()
    .replace(/['\-\u2019]/g, ' ')
    .replace(/[^A-Z0-9& ]/g, '')
    .replace(/ +/g, ' ')
    .trim();
}

/** La Poste's locality: at most 32 characters, SAINT and SAINTE abbreviated ST and STE when the name is longer. */
function localityOf(city: string): string {
  const text = postalText(city);
  return text.length <= 32 ? text : text.replace(/\bSAINTE\b/g, 'STE').replace(/\bSAINT\b/g, 'ST');
}

/** Whether `line` is `text` or its first words (a long name or street is cut at a word to fit 38 characters). */
const isWordPrefix = (line: string, text: string): boolean =>
  text === line || (text.startsWith(line) && text[line.length] === ' ' && line.length >= 20);

function nameByEra(record: FixtureRecord, form: string, created: number): string[] {
  const words = record.company.normalize('NFC').split(' ');
  const out: string[] = [];
  if (form === 'EI') {
    const fits = givenBetween(words[0] as string, created - 75, created - 18);
    if (fits === false) out.push("an individual entrepreneur's first name not given in a birth year that fits the creation date");
  } else if (form === 'SCI' && words.length === 4 && words[2]?.toLowerCase() === 'et') {
    for (const child of [words[1], words[3]]) {
      const fits = givenBetween(child as string, created - 30, created + 1);
      if (fits === false) out.push('a family SCI named after children whose first names do not fit its creation date');
    }
  } else if (words.length >= 4 && ACTIVITY_WORDS.has(words.at(-2) as string)) {
    // "Julie Moreau Conseil SASU": a founder's first name, then a surname.
    const fits = givenBetween(words[0] as string, created - 75, created - 18);
    if (fits === false && givenBetween(words[1] as string, 0, 3000) === undefined) {
      out.push("a founder's first name not given in a birth year that fits the creation date");
    }
  }
  return out;
}

function nafViolations(record: FixtureRecord, form: string | undefined, name: string): string[] {
  const code = record.naf_code as string;
  const out: string[] = [];
  if (!/^\d{2}\.\d{2}[A-Z]$/.test(code)) return ['NAF code not written NN.NNX'];
  const labels = loadNafCodes();
  if (!labels.has(code)) return ['NAF code not in NAF rév. 2'];
  if (record.naf_label !== undefined && record.naf_label.normalize('NFC') !== labels.get(code)) out.push('NAF label not the official one');
  if (form !== undefined) {
    if (startsWithAny(code, NEVER)) out.push('NAF code no company or entrepreneur carries (administration, association, household)');
    if (form === 'EI' && startsWithAny(code, NOT_INDIVIDUAL)) out.push('NAF code impossible for an individual entrepreneur');
    if (form === 'SCI' && !startsWithAny(code, SCI_ONLY)) out.push('NAF code outside property letting for an SCI');
    if ((form === 'SELARL' || form === 'SELAS') && !startsWithAny(code, SEL_ONLY))
      out.push('NAF code outside the liberal professions for a SEL');
    if (form !== 'EI' && form !== 'SELARL' && form !== 'SELAS' && startsWithAny(code, LIBERAL_ONLY)) {
      out.push('a regulated liberal profession in a commercial company');
    }
    if (code === '47.73Z' && !PHARMACY_FORMS.has(form)) out.push('a pharmacy in a form a pharmacy cannot take');
    if (startsWithAny(code, HOLDING) && (form === 'EI' || form === 'SCI' || form === 'SELARL' || form === 'SELAS')) {
      out.push('a holding that is not a company with shareholders');
    }
  }
  if (name !== '[ND]') {
    const trade = tradeOf(name.normalize('NFC'));
    if (trade !== undefined && !startsWithAny(code, TRADE_CODES[trade] as readonly string[]))
      out.push('NAF code and trade word in the name disagree');
  }
  return out;
}

function addressLineViolations(record: FixtureRecord, population: number): string[] {
  const out: string[] = [];
  const line2 = record.address_line_2?.normalize('NFC') ?? null;
  const special = line2 !== null && /^(BP|CS|TSA) \d{5}$/.test(line2);
  if ('cedex' in record && (record.cedex !== null) !== special) out.push('a BP, CS or TSA line without CEDEX, or CEDEX without one');
  if ('cedex' in record && !('address_line_2' in record) && record.cedex !== null) out.push('a CEDEX without its BP or CS line');
  if (line2 !== null && /^(Bâtiment|Résidence|\d+e étage)|Zone industrielle|^ZA |Parc d/.test(line2) && population < 2000) {
    out.push('a building, estate or business park line in a village');
  }
  if (typeof record.cedex === 'string') {
    const cedex = /^(\d{5}) ([A-Z0-9 ]+) CEDEX( \d{1,2})?$/.exec(record.cedex);
    if (!cedex) out.push('CEDEX line not "POSTCODE CITY CEDEX [n]"');
    else {
      if (cedex[1]?.slice(0, 2) !== record.postcode.slice(0, 2)) out.push("CEDEX code outside the commune's département");
      if (isOrdinaryPostcode(cedex[1] as string)) out.push("CEDEX code that is some commune's ordinary postcode");
      const locality = routingLocality(record) ?? localityOf(record.city.normalize('NFC'));
      if (!locality.startsWith(cedex[2] as string)) out.push('CEDEX line names another city');
    }
    if (population < 10000) out.push('CEDEX in a commune under 10,000 inhabitants');
  }
  return out;
}

function postalLineViolations(record: FixtureRecord): string[] {
  const lines = record.postal_lines as readonly string[];
  const out: string[] = [];
  if (!Array.isArray(lines) || lines.length < 1 || lines.length > 6) return ['postal label not 1 to 6 lines'];
  for (const line of lines) {
    if (line.length > 38) out.push('postal label line over 38 characters');
    if (!/^[A-Z0-9 '&\-/.,()]+$/.test(line)) out.push('postal label line not upper-case ASCII');
    if (/ {2}|^ | $/.test(line)) out.push('postal label line with stray spaces');
  }
  const last = lines.at(-1) as string;
  const locality = routingLocality(record) ?? localityOf(record.city.normalize('NFC'));
  const expected = typeof record.cedex === 'string' ? record.cedex : `${record.postcode} ${locality}`;
  if (
    typeof record.cedex === 'string'
      ? last !== expected
      : !/^\d{5} /.test(last) || !isWordPrefix(last.slice(6), expected.slice(6)) || last.slice(0, 5) !== record.postcode
  ) {
    out.push('postal label does not end with the postcode and city (or CEDEX) line');
  }
  if (record.company !== '[ND]') {
    if (!isWordPrefix(lines[0] as string, postalText(record.company.normalize('NFC'))))
      out.push('postal label does not open with the company name');
  }
  if (record.street_address !== '[ND]') {
    const forms = streetLineForms(record.street_address.normalize('NFC'));
    if (!lines.some((line) => forms.some((form) => isWordPrefix(line, form)))) out.push('postal label without the street line');
  }
  return out;
}

/** The rules on the extra fields one record breaks (none for a record whose fields agree). */
export function storyViolations(record: FixtureRecord): string[] {
  const out: string[] = [];
  const name = record.company.normalize('NFC');
  const form = record.legal_form ?? (name === '[ND]' ? undefined : (legalFormOf(name) ?? undefined));
  if (record.legal_form !== undefined && name !== '[ND]' && record.legal_form !== legalFormOf(name))
    out.push('legal_form is not the form in the name');
  const siren = record.siren.replace(/ /g, '');
  const created =
    record.created_on === undefined ? undefined : Number(record.created_on.slice(0, 4)) + Number(record.created_on.slice(5, 7)) / 12;
  if (record.created_on !== undefined && form !== undefined && form !== null) {
    const law = LAW_DATES[form];
    if (law !== undefined && record.created_on < law) out.push(`a ${form} created before the law that created the form`);
    if (form === 'EI' && record.created_on < '1973-01-01' && record.status !== 'ceased')
      out.push('an individual entrepreneur created before 1973 still trading');
    if (name !== '[ND]') out.push(...nameByEra(record, form, Math.floor(created as number)));
  }
  if (created !== undefined) {
    const period = prefixPeriod(Number(siren.slice(0, 2)));
    if (period === undefined) out.push('SIREN prefix never handed out');
    else if (created < period[0] - 0.1 || created > period[1] + 0.1) {
      out.push(
        period[1] === REGISTER_OPENED
          ? 'an old SIREN on a unit created after the register opened'
          : 'SIREN and creation date from different eras',
      );
    }
    if ((record.created_on as string) >= '2026-01-01') out.push('created_on after the reference date');
  }
  if (record.naf_code !== undefined) out.push(...nafViolations(record, form ?? undefined, name));
  if ('vat_number' in record && record.vat_number !== undefined) {
    if (record.vat_number !== vatNumberOf(record.siren)) out.push('VAT number not FR + key + SIREN');
  } else if (record.legal_category !== undefined || record.naf_code !== undefined) {
    // Only a record that shows why may lack one: a micro-entrepreneur under the VAT threshold, an SCI letting homes.
    if (form !== undefined && form !== 'EI' && form !== 'SCI' && 'vat_number' in record === false && record.legal_form !== undefined) {
      out.push('no VAT number for a unit that has one');
    }
  }
  if (form === 'SCI' && record.naf_code === '68.20A' && record.vat_number !== undefined && 'vat_number' in record) {
    out.push('a VAT number for an SCI letting homes (exempt)');
  }
  if (record.legal_category !== undefined && form !== undefined && form !== null && !CATEGORIES[form]?.includes(record.legal_category)) {
    out.push('legal_category does not match the legal form');
  }
  if (record.status !== undefined) {
    if (record.status === 'active' && record.ceased_on !== null) out.push('an active establishment with a cessation date');
    if (record.status === 'ceased') {
      if (typeof record.ceased_on !== 'string') out.push('a ceased establishment without its cessation date');
      else if ((record.created_on !== undefined && record.ceased_on < record.created_on) || record.ceased_on >= '2026-01-01') {
        out.push('ceased_on before created_on or after the reference date');
      }
    }
  }
  if (record.head_office !== undefined) {
    const order = Number(record.siret.replace(/ /g, '').slice(9, 13));
    if (form === 'EI' && !record.head_office) out.push("an individual entrepreneur's establishment that is not the head office");
    if (!record.head_office && order === 1) out.push("the unit's first establishment (NIC 0001x) not its head office");
  }
  if (record.diffusion !== undefined) {
    // An [ND] name has no form to read: the rule needs `legal_form` or `legal_category` then.
    const person =
      form === undefined ? (record.legal_category === undefined ? undefined : record.legal_category === '1000') : form === 'EI';
    if (record.diffusion === 'partial' && person === false) out.push('a company that is not diffusible (only a person may opt out)');
    if (record.diffusion === 'partial' && typeof record.address_line_2 === 'string')
      out.push('a non-diffusible unit shows its second address line');
  }
  if (record.employee_band !== undefined) {
    if (!EMPLOYEE_BANDS.has(record.employee_band)) out.push('employee_band not an INSEE band');
    else if (form === 'EI' && !['NN', '00', '01', '02', '03', '11'].includes(record.employee_band))
      out.push('an individual entrepreneur with 20 or more employees');
    else if (form === 'SCI' && !['NN', '00', '01'].includes(record.employee_band)) out.push('a property company with employees');
  }
  if (typeof record.trade_name === 'string') {
    if (legalFormOf(record.trade_name) !== null) out.push('a trade name with a legal form');
    const trade = tradeOf(record.trade_name.normalize('NFC'));
    if (trade !== undefined && record.naf_code !== undefined && !startsWithAny(record.naf_code, TRADE_CODES[trade] as readonly string[])) {
      out.push('trade name and NAF code disagree');
    }
  }
  const commune = communeOfPair(record.city.normalize('NFC'), record.postcode);
  if (typeof record.trade_name === 'string' && / (de la Plage|du Port)( |$)/.test(record.trade_name) && commune && !commune.coastal) {
    out.push('a shop "de la Plage" or "du Port" inland');
  }
  if ('address_line_2' in record || 'cedex' in record) out.push(...addressLineViolations(record, commune?.population ?? 0));
  if (record.insee_code !== undefined && record.insee_code !== commune?.code) out.push("insee_code is not the commune's");
  if (record.postal_lines !== undefined) out.push(...postalLineViolations(record));
  out.push(...unitViolations(record, form ?? undefined, commune?.population));
  return out;
}

// The unit's size, age and dates, as a clerk reads them: the employee band by INSEE's definitions, the establishment order
// against the unit's age, trade and commune, staff against the activity and the commune, each liberal profession's own SEL
// decree, and cessations within the year the records stand for; then the label's lines cut where a word is left hanging.

/** INSEE's employee bands, smallest first: `NN` no employee all year, `00` staff during the year but none on 31 December. */
const BAND_ORDER = ['NN', '00', '01', '02', '03', '11', '12', '21', '22', '31', '32', '41', '42', '51', '52', '53'];
const bandAtLeast = (band: string, floor: string): boolean => BAND_ORDER.indexOf(band) >= BAND_ORDER.indexOf(floor);
/** Single shops, taxis and salons: a shop's handful of staff (bakeries, butchers, groceries, hairdressers, bars, driving schools...). */
// prettier-ignore
const SINGLE_SHOPS = ['10.13B', '10.71C', '10.71D', '47.11B', '47.22Z', '47.23Z', '47.24Z', '47.25Z', '47.26Z', '47.29Z', '47.52A',
  '47.61Z', '47.76Z', '47.78A', '49.32Z', '56.30Z', '85.53Z', '95.23Z', '96.01B', '96.02A', '96.02B'];
/** Units with one establishment, or a few after moves: single shops, holdings, a pharmacy (one officine), a dental or veterinary practice. */
const FEW_ESTABLISHMENTS = [...SINGLE_SHOPS, '64.20Z', '47.73Z', '86.23Z', '75.00Z'];
/** Where 50 or more people work in a village: farms, mines, industry, utilities, freight and warehouses, hospitals and care homes. */
const isVillageEmployer = (code: string): boolean => Number(code.slice(0, 2)) <= 39 || startsWithAny(code, ['49.41', '52', '86.10', '87']);
/**
 * The day each liberal profession could first practise as a SEL: the loi n° 90-1258 du 31 décembre 1990 left each
 * profession's conditions to a decree (Légifrance).
 */
const SEL_DECREES: ReadonlyArray<readonly [code: string, day: string]> = [
  ['86.23', '1992-07-29'], // chirurgiens-dentistes: décret n° 92-740 du 29 juillet 1992
  ['86.9', '1992-07-29'], // auxiliaires médicaux (infirmiers, kinésithérapeutes...): décret n° 92-741 du 29 juillet 1992
  ['47.73', '1992-08-28'], // pharmaciens d'officine: décret n° 92-909 du 28 août 1992
  ['69.10', '1993-03-25'], // avocats: décret n° 93-492 du 25 mars 1993
  ['86.2', '1994-08-03'], // médecins: décret n° 94-680 du 3 août 1994
];
/** The records stand for the units active at the end of 2025 and the year's cessations. */
const CESSATIONS_FROM = '2025-01-01';
const REFERENCE_TIME = Date.parse('2026-01-01T00:00:00Z');
const YEAR_MS = 365.25 * 86_400_000;

function unitViolations(record: FixtureRecord, form: string | undefined, population: number | undefined): string[] {
  const out: string[] = [];
  const order = Number(record.siret.replace(/ /g, '').slice(9, 13));
  const band = record.employee_band;
  const naf = record.naf_code;
  const village = population !== undefined && population < 2000;
  const network = form === 'SA' || form === 'SAS';
  if (band === '00' && (form === 'SCI' || naf === '64.20Z'))
    out.push('employee band 00 (staff during the year, none on 31 December) on a property company or holding');
  if (record.created_on !== undefined) {
    const age = (REFERENCE_TIME - Date.parse(`${record.created_on}T00:00:00Z`)) / YEAR_MS;
    if (order >= 6 && age < 1) out.push('a 6th or later establishment of a unit under a year old');
    if (order >= 100 && age < 5) out.push('a 100th or later establishment of a unit under five years old');
  }
  if (form !== undefined) {
    if (order >= 100 && !network) out.push('a 100th or later establishment outside a national network (SA or SAS)');
    if (order >= 6 && village && !network) out.push('a 6th or later establishment in a village, outside a network (SA or SAS)');
    if ((form === 'EI' && order > 5) || (form === 'SCI' && order > 3))
      out.push('an individual entrepreneur or SCI with more establishments than its moves explain');
  }
  if (naf !== undefined && order >= 6 && FEW_ESTABLISHMENTS.includes(naf))
    out.push('a single shop, holding or practice with 6 or more establishments');
  if (band !== undefined && naf !== undefined && BAND_ORDER.includes(band)) {
    if (SINGLE_SHOPS.includes(naf) && bandAtLeast(band, '12')) out.push('a single shop, taxi or salon with 20 or more staff');
    if (village && bandAtLeast(band, '21') && !isVillageEmployer(naf))
      out.push('50 or more staff in a village, outside farming, industry, logistics or care');
    if (population !== undefined && population < 5000 && bandAtLeast(band, '31') && !isVillageEmployer(naf))
      out.push('200 or more staff in a commune under 5,000, outside farming, industry, logistics or care');
  }
  if ((form === 'SELARL' || form === 'SELAS') && naf !== undefined && record.created_on !== undefined) {
    const decree = SEL_DECREES.find(([code]) => naf.startsWith(code));
    if (decree && record.created_on < decree[1]) out.push(`a ${form} of a profession before the decree that opened SEL to it`);
  }
  if (record.status === 'ceased' && typeof record.ceased_on === 'string') {
    if (record.ceased_on < CESSATIONS_FROM) out.push("a cessation before 2025, outside the year's cessations the records stand for");
    if (record.ceased_on === record.created_on) out.push('created and ceased the same day');
  }
  if (Array.isArray(record.postal_lines)) out.push(...danglingLineViolations(record));
  return out;
}

/** Words a line cut to 38 characters must not end on: a lone letter (an elided "D'", "L'") or a particle. */
const HANGING = /(^| )([A-Z]|DE|DU|DES|LA|LE|LES|ET|&|AU|AUX)$/;

/** A label line that is its text cut at a word, ending on a word that leads into the part cut off ("... & ASSOCIES D"). */
function danglingLineViolations(record: FixtureRecord): string[] {
  const sources = [record.company, record.address_line_2, record.street_address]
    .filter((text): text is string => typeof text === 'string' && text !== '[ND]')
    .map((text) => postalText(text.normalize('NFC')));
  const cut = (record.postal_lines as readonly string[])
    .slice(0, -1)
    .filter((line) => sources.some((text) => text !== line && text.startsWith(`${line} `)));
  return cut.some((line) => HANGING.test(line)) ? ['a postal label line cut after a lone letter or particle'] : [];
}
