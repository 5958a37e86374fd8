// The French reader's rules on place: what a name, a shop sign, a street, an address line and La Poste's label say of the
// commune they are in, and of its size. Facts read from the official register (register.ts) and from the routing labels
// of the `codes-postaux` package, not from the generator's tables; postal text and the norm's abbreviations are the
// generator's (address-lines.ts), the rule being when they are used.
import { createRequire } from 'node:module';
import { NAME_ABBREVIATIONS, postalText, TYPE_ABBREVIATIONS } from '../../src/core/address/address-lines.js';
import { PLACES } from '../../src/core/data/names.js';
import type { FixtureRecord } from '../../src/core/fixtures/index.js';
import { communeOfPair, type RegisterEntry } from './register.js';

/** Landmarks only a town has: no village under 2,000 inhabitants has a cathedral, a theatre, an "hôtel de ville" or ramparts. */
const LANDMARK = /(^| )(de la Cathédrale|du Théâtre|de l'Hôtel de Ville|des Remparts)( |$)/;
/** The places shops are named after, longest first so that "de l'Hôtel de Ville" is not read as "de la Ville". */
const PLACE = new RegExp(`(?:^| )(${[...PLACES].sort((a, b) => b.length - a.length).join('|')})(?: |$)`);
/** Words of a company that holds shares or property, which has no shop and so no sign. */
const HOLDING_WORDS = /(^| )(Holding|Participations|Invest|Investissements)( |$)/;
/** Surnames a reader knows as La Réunion's, rare elsewhere (Payet, Grondin and Hoarau head the island's ranking). */
const REUNION_SURNAMES = new Set([
  'Payet', 'Grondin', 'Hoarau', 'Hoareau', 'Técher', 'Techer', 'Nativel', 'Clain', 'Ethève', 'Dijoux', 'Mussard', 'Dalleau',
  'Sautron', 'Ramassamy', 'Virapoullé', 'Nirlo', 'Dennemont', 'Hibon',
]); // prettier-ignore
/** Northern and Paris-region départements: their towns number streets from one end, never in metres. */
// prettier-ignore
const NORTH = new Set([
  '75', '77', '78', '91', '92', '93', '94', '95', '02', '59', '60', '62', '80', '14', '27', '50', '61', '76', '08', '10', '51',
  '52', '54', '55', '57', '67', '68', '88', '22', '29', '35', '56', '44', '49', '53', '72', '85', '18', '28', '36', '37', '41',
  '45', '21', '25', '39', '58', '70', '71', '89', '90',
]);
/** Départements with no vineyard (no wine AOC area): Brittany, Normandy, the North, Île-de-France, the overseas. */
// prettier-ignore
const NO_VINEYARD = new Set([
  '14', '22', '27', '29', '35', '50', '53', '56', '59', '60', '61', '62', '75', '76', '78', '80', '91', '92', '93', '94', '95',
  '971', '972', '973', '975', '976', '977', '978',
]);

let labels: Map<string, string> | undefined;
/**
 * The routing label (libellé d'acheminement) of a commune's postcode, as the `codes-postaux` package gives it, written as the
 * last line prints it: hyphens and apostrophes as spaces, an article the package puts last in brackets ("CLAYES-SOUS-BOIS
 * (LES)") put first. Undefined for a pair the package lacks.
 */
function routingLabel(commune: RegisterEntry, postcode: string): string | undefined {
  if (!labels) {
    const rows = createRequire(import.meta.url)('codes-postaux/codes-postaux.json') as Array<{
      codeCommune: string;
      codePostal: string;
      libelleAcheminement: string;
    }>;
    labels = new Map();
    for (const row of rows) {
      const article = /^(.*) \((LE|LA|LES|L')\)$/.exec(row.libelleAcheminement);
      const label = article ? `${article[2]} ${article[1]}` : row.libelleAcheminement;
      labels.set(`${row.codeCommune}|${row.codePostal}`, postalText(label));
    }
  }
  return labels.get(`${commune.code}|${postcode}`);
}

/**
 * The ways a street line may read on the label: whole when it fits 38 characters, else whole, its type abbreviated, or its
 * saints and titles abbreviated too (each may then be cut at a word), with the norm NF Z10-011's abbreviations.
 */
export function streetLineForms(street: string): string[] {
  const whole = postalText(street);
  if (whole.length <= 38) return [whole];
  const words = whole.split(' ');
  const at = words[1] === 'BIS' || words[1] === 'TER' ? 2 : 1;
  const typed = words.map((word, i) => (i === at ? (TYPE_ABBREVIATIONS[word] ?? word) : word));
  const titled = typed.map((word, i) => (i > at ? (NAME_ABBREVIATIONS[word] ?? word) : word));
  return [...new Set([whole, typed.join(' '), titled.join(' ')])];
}

/** The arrondissement a Paris, Lyon or Marseille postcode stands for (75116 is the 16th), or undefined elsewhere. */
function arrondissementOf(city: string, postcode: string): number | undefined {
  if (city === 'Paris' && /^75(0\d\d|116)$/.test(postcode)) return postcode === '75116' ? 16 : Number(postcode.slice(3));
  if ((city === 'Lyon' && /^6900\d$/.test(postcode)) || (city === 'Marseille' && /^130\d\d$/.test(postcode)))
    return Number(postcode.slice(3));
  return undefined;
}

/** The locality the last line of a record's label prints: La Poste's routing label of its commune and postcode, when known. */
export function routingLocality(record: FixtureRecord): string | undefined {
  const commune = communeOfPair(record.city.normalize('NFC'), record.postcode);
  return commune && routingLabel(commune, record.postcode);
}

/** The CEDEX codes of Lyon and Marseille, which carry the arrondissement in their number. */
const CEDEX_RANGES: Record<string, RegExp> = { Lyon: /^69[234]\d\d$/, Marseille: /^13[23]\d\d$/, Paris: /^75\d\d\d$/ };

function signViolations(record: FixtureRecord, commune: RegisterEntry | undefined): string[] {
  const out: string[] = [];
  const sign = typeof record.trade_name === 'string' ? record.trade_name.normalize('NFC') : null;
  const name = record.company.normalize('NFC');
  if (sign !== null) {
    const named = PLACE.exec(name)?.[1];
    const signed = PLACE.exec(sign)?.[1];
    if (named !== undefined && signed !== undefined && named !== signed) out.push('a shop sign naming another place than the name');
    const holding = record.naf_code === '64.20Z' || record.naf_code === '70.10Z' || HOLDING_WORDS.test(name);
    if (name.startsWith('SCI ') || holding) out.push('a shop sign on a holding or property company');
  }
  if (commune && commune.population < 2000) {
    if (LANDMARK.test(name) || (sign !== null && LANDMARK.test(sign)) || LANDMARK.test(record.street_address.normalize('NFC')))
      out.push('a town landmark (cathedral, theatre, town hall, ramparts) in a village under 2,000');
  }
  return out;
}

function cedexViolations(record: FixtureRecord, commune: RegisterEntry | undefined): string[] {
  const out: string[] = [];
  const city = record.city.normalize('NFC');
  const line2 = record.address_line_2?.normalize('NFC') ?? null;
  if (line2 !== null && /^(BP|CS) /.test(line2) && record.company.startsWith('SCI '))
    out.push('a BP or CS box for a property company (SCI)');
  if (line2 !== null && city === 'Paris' && /^ZA |Zone industrielle|Parc d'activités/.test(line2)) out.push('a business park in Paris');
  if (typeof record.cedex !== 'string') return out;
  const cedex = /^(\d{5}) .* CEDEX(?: (\d{1,2}))?$/.exec(record.cedex);
  if (!cedex) return out;
  const arrondissement = arrondissementOf(city, record.postcode);
  if (arrondissement !== undefined) {
    if (cedex[2] === undefined || Number(cedex[2]) !== arrondissement || !(CEDEX_RANGES[city] as RegExp).test(cedex[1] as string))
      out.push("a Paris, Lyon or Marseille CEDEX without its arrondissement's number and code range");
  } else if (cedex[2] !== undefined && commune && commune.population < 100_000) out.push('a numbered CEDEX in a town under 100,000');
  return out;
}

function labelViolations(record: FixtureRecord, commune: RegisterEntry | undefined): string[] {
  const lines = record.postal_lines;
  if (!Array.isArray(lines) || lines.length === 0 || !commune) return [];
  const out: string[] = [];
  const city = record.city.normalize('NFC');
  // A Paris, Lyon or Marseille CEDEX line names the city; its number says the arrondissement.
  const cedexInCity = typeof record.cedex === 'string' && arrondissementOf(city, record.postcode) !== undefined;
  const label = cedexInCity ? postalText(city) : routingLabel(commune, record.postcode);
  const last = lines.at(-1) as string;
  const locality = typeof record.cedex === 'string' ? last.replace(/^\d{5} /, '').replace(/ CEDEX( \d+)?$/, '') : last.slice(6);
  if (label !== undefined && locality !== label) out.push("last postal line not La Poste's routing label for the commune");
  if (record.street_address !== '[ND]') {
    const forms = streetLineForms(record.street_address.normalize('NFC'));
    const shortest = forms.at(-1) as string;
    const cut = lines.some((line) => forms.some((form) => form !== line && form.startsWith(`${line} `)));
    if (cut && shortest.length <= 38) out.push("a street line cut where the norm's abbreviations fit");
  }
  return out;
}

function activityViolations(record: FixtureRecord, commune: RegisterEntry | undefined): string[] {
  const code = record.naf_code;
  if (code === undefined || !commune) return [];
  const out: string[] = [];
  const city = commune.population >= 100_000 || ['75', '92', '93', '94'].includes(commune.departement);
  if (code.startsWith('01.') && city) out.push('a farm in a city');
  if (code === '01.21Z' && NO_VINEYARD.has(commune.departement)) out.push('a vineyard in a département without vineyards');
  return out;
}

/** The rules on place one record breaks: signs, landmarks, CEDEX, the label's lines, numbering, farms, regional names. */
export function placeViolations(record: FixtureRecord): string[] {
  const commune = communeOfPair(record.city.normalize('NFC'), record.postcode);
  const out = [
    ...signViolations(record, commune),
    ...cedexViolations(record, commune),
    ...labelViolations(record, commune),
    ...activityViolations(record, commune),
  ];
  const road = /^(\d+)(?: bis| ter)? (Chemin|Route) /.exec(record.street_address.normalize('NFC'));
  if (road && commune && commune.population >= 20_000 && NORTH.has(commune.departement)) {
    if (Number(road[1]) > (road[2] === 'Chemin' ? 99 : 150)) out.push('a distance-based street number in a northern or Paris-region town');
  }
  if (commune && commune.departement !== '974') {
    const words = `${record.company} ${record.trade_name ?? ''}`.normalize('NFC').split(/[ -]/);
    if (words.some((word) => REUNION_SURNAMES.has(word))) out.push('a La Réunion surname outside La Réunion');
  }
  return out;
}

/** Whether a record's commune is in La Réunion, and whether its name or sign carries one of the island's surnames. */
export function reunionSurname(record: FixtureRecord): { inReunion: boolean; local: boolean } {
  const commune = communeOfPair(record.city.normalize('NFC'), record.postcode);
  const words = `${record.company} ${record.trade_name ?? ''}`.normalize('NFC').split(/[ -]/);
  return { inReunion: commune?.departement === '974', local: words.some((word) => REUNION_SURNAMES.has(word)) };
}
