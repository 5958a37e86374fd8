import { NAF_TABLE } from './data/naf-codes.js';
import type { RandomSource } from './random.js';
import { createWeightedTable, type WeightedTable } from './weighted.js';

/** One NAF rév. 2 sub-class: the activity code of a French company (APE code) and its official label. */
export interface NafCode {
  /** `^\d{2}\.\d{2}[A-Z]$`, e.g. `10.71C`. */
  readonly code: string;
  readonly label: string;
}

let nafCodes: ReadonlyMap<string, string> | undefined;

/** The 732 sub-classes of NAF rév. 2 (INSEE), code to label, parsed once. */
export function loadNafCodes(): ReadonlyMap<string, string> {
  nafCodes ??= new Map(NAF_TABLE.split('\n').map((line) => line.split(';', 2) as [string, string]));
  return nafCodes;
}

// Words of a company name that say its trade, with the codes such a business registers under (weights, not shares).
// Matched on the name without accents and case, as whole words, first match wins.
// prettier-ignore
const KEYWORD_CODES: ReadonlyArray<readonly [keyword: string, codes: ReadonlyArray<readonly [string, number]>]> = [
  ['boulangerie-patisserie', [['10.71C', 1]]],
  ['boucherie-charcuterie', [['47.22Z', 1]]],
  ['boulangerie', [['10.71C', 9], ['10.71D', 1]]],
  ['patisserie', [['10.71D', 3], ['10.71C', 1]]],
  ['boucherie', [['47.22Z', 1]]],
  ['charcuterie', [['10.13B', 1]]],
  ['fromagerie', [['47.29Z', 1]]],
  ['epicerie', [['47.11B', 3], ['47.29Z', 1]]],
  ['cave', [['47.25Z', 1]]],
  ['poissonnerie', [['47.23Z', 1]]],
  ['traiteur', [['56.21Z', 1]]],
  ['garage', [['45.20A', 5], ['45.11Z', 1]]],
  ['carrosserie', [['45.20A', 1]]],
  ['automobiles', [['45.11Z', 1], ['45.20A', 1]]],
  ['auto-ecole', [['85.53Z', 1]]],
  ['pharmacie', [['47.73Z', 1]]],
  ['optique', [['47.78A', 1]]],
  ['menuiserie', [['43.32A', 3], ['16.23Z', 1]]],
  ['serrurerie', [['43.32B', 1]]],
  ['plomberie', [['43.22A', 1]]],
  ['chauffage', [['43.22B', 1]]],
  ['electricite', [['43.21A', 1]]],
  ['maconnerie', [['43.99C', 1]]],
  ['couverture', [['43.91B', 1]]],
  ['charpente', [['43.91A', 1]]],
  ['agencement', [['43.32C', 1]]],
  ['construction', [['41.20A', 1], ['41.20B', 1]]],
  ['toiture', [['43.91B', 1]]],
  ['peinture', [['43.34Z', 1]]],
  ['carrelage', [['43.33Z', 1]]],
  ['terrassement', [['43.12A', 1]]],
  ['paysages', [['81.30Z', 1]]],
  ['paysage', [['81.30Z', 1]]],
  ['nettoyage', [['81.21Z', 1]]],
  ['securite', [['80.10Z', 1]]],
  ['environnement', [['38.11Z', 1], ['71.12B', 1]]],
  ['transports', [['49.41A', 3], ['49.41B', 2]]],
  ['taxi', [['49.32Z', 1]]],
  ['taxis', [['49.32Z', 1]]],
  ['ambulances', [['86.90A', 1]]],
  ['imprimerie', [['18.12Z', 1]]],
  ['librairie', [['47.61Z', 1]]],
  ['fleurs', [['47.76Z', 1]]],
  ['coiffure', [['96.02A', 1]]],
  ['pressing', [['96.01B', 1]]],
  ['restaurant', [['56.10A', 1]]],
  ['brasserie', [['56.10A', 3], ['56.30Z', 1], ['11.05Z', 1]]],
  ['cafe', [['56.30Z', 1]]],
  ['bar', [['56.30Z', 1]]],
  ['tabac', [['47.26Z', 1]]],
  ['creperie', [['56.10A', 1]]],
  ['pizzeria', [['56.10A', 2], ['56.10C', 1]]],
  ['quincaillerie', [['47.52A', 1]]],
  ['cordonnerie', [['95.23Z', 1]]],
  ['institut', [['96.02B', 1]]],
  ['hotel', [['55.10Z', 1]]],
  ['immobilier', [['68.31Z', 3], ['68.20B', 1]]],
  ['sci', [['68.20B', 3], ['68.20A', 1]]],
  ['cabinet', [['69.20Z', 2], ['69.10Z', 1], ['86.21Z', 1], ['70.22Z', 1]]],
  ['atelier', [['25.62B', 1], ['90.03A', 1], ['33.12Z', 1]]],
  ['conseil', [['70.22Z', 1]]],
  ['consulting', [['70.22Z', 1]]],
  ['developpement', [['70.22Z', 1]]],
  ['gestion', [['70.22Z', 1], ['68.32A', 1]]],
  ['formation', [['85.59A', 1]]],
  ['communication', [['73.11Z', 1], ['70.21Z', 1]]],
  ['design', [['74.10Z', 1]]],
  ['etudes', [['71.12B', 1]]],
  ['expertise', [['69.20Z', 1], ['71.12B', 1]]],
  ['ingenierie', [['71.12B', 1]]],
  ['informatique', [['62.01Z', 1], ['62.02A', 1]]],
  ['logistique', [['52.29A', 1], ['52.10B', 1]]],
  ['distribution', [['46.90Z', 1]]],
  ['negoce', [['46.90Z', 1]]],
  ['batiment', [['41.20A', 1], ['43.99C', 1]]],
  ['renovation', [['43.39Z', 1], ['41.20A', 1]]],
  ['habitat', [['41.20A', 1]]],
  ['energies', [['43.21A', 1], ['35.11Z', 1]]],
  ['industrie', [['25.62B', 1], ['28.99B', 1]]],
  ['patrimoine', [['66.30Z', 1], ['68.20B', 1]]],
  ['invest', [['64.20Z', 1]]],
  ['investissements', [['64.20Z', 1]]],
  ['participations', [['64.20Z', 1]]],
  ['finances', [['66.19B', 1], ['64.20Z', 1]]],
  ['groupe', [['64.20Z', 1], ['70.10Z', 1]]],
  ['holding', [['64.20Z', 1]]],
];

// Names without a trade word: every code can occur, and the codes that are common among French companies (letting
// property, consulting, holdings, building trades, restaurants...) are boosted. The boosts are rough orders of magnitude
// chosen by hand, not measured from the SIRENE register.
// prettier-ignore
const COMMON_CODES: ReadonlyArray<readonly [string, number]> = [
  ['68.20B', 300], ['70.22Z', 250], ['68.20A', 120], ['64.20Z', 120], ['43.99C', 60], ['56.10A', 60], ['62.02A', 50],
  ['47.91B', 50], ['85.59A', 40], ['74.90B', 40], ['96.02A', 40], ['49.32Z', 40], ['41.20A', 40], ['43.21A', 30],
  ['81.21Z', 30], ['86.90D', 30], ['73.11Z', 20], ['71.12B', 20], ['69.20Z', 20], ['47.11B', 20],
];

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

let keywordTables: ReadonlyArray<readonly [RegExp, WeightedTable<string>]> | undefined;
let fallbackTable: WeightedTable<string> | undefined;

/**
 * Draws the NAF code of a company from its name: a trade word in the name ("Boulangerie", "Garage", "Plomberie"...) gives
 * that trade's code; otherwise any code, the common ones more often. The name's accents, case and Unicode form do not matter.
 * @example drawNafCode(random, 'Boulangerie Lefèvre') // { code: '10.71C', label: 'Boulangerie et boulangerie-pâtisserie' }
 */
export function drawNafCode(random: RandomSource, companyName: string): NafCode {
  const labels = loadNafCodes();
  keywordTables ??= KEYWORD_CODES.map(
    ([word, codes]) => [new RegExp(`(^|[^a-z0-9-])${word}($|[^a-z0-9-])`), createWeightedTable(codes)] as const,
  );
  const name = normalize(companyName);
  const matched = keywordTables.find(([pattern]) => pattern.test(name));
  let code: string;
  if (matched) code = matched[1].draw(random);
  else {
    const boosts = new Map(COMMON_CODES);
    fallbackTable ??= createWeightedTable([...labels.keys()].map((c) => [c, boosts.get(c) ?? 1] as const));
    code = fallbackTable.draw(random);
  }
  return { code, label: labels.get(code) as string };
}

/** The codes a trade word in a name leads to (for tests and docs): `undefined` when the name has none. */
export function nafCodesForName(companyName: string): readonly string[] | undefined {
  const name = normalize(companyName);
  const found = KEYWORD_CODES.find(([word]) => new RegExp(`(^|[^a-z0-9-])${word}($|[^a-z0-9-])`).test(name));
  return found?.[1].map(([code]) => code);
}

/** Every code the keyword and fallback tables name (each must exist in NAF rév. 2; the tests check it). */
export const NAF_CODES_NAMED: readonly string[] = [
  ...new Set([...KEYWORD_CODES.flatMap(([, codes]) => codes.map(([c]) => c)), ...COMMON_CODES.map(([c]) => c)]),
];
