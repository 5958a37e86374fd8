// Abbreviations of French legal forms as they appear in company names.
const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'SA',
  'SAS',
  'SASU',
  'SARL',
  'SARLU',
  'EURL',
  'EI',
  'EIRL',
  'SNC',
  'SCS',
  'SCA',
  'SCI',
  'SCM',
  'SCP',
  'SCOP',
  'SCEA',
  'SELARL',
  'SELAS',
  'SELAFA',
  'SELCA',
  'GAEC',
  'EARL',
  'GIE',
]);

/**
 * The legal form a company name carries, as its abbreviation ("Martin SAS" -> `SAS`, "SCI Les Tilleuls" -> `SCI`), or
 * `null` when the name has none ("Boulangerie Lefèvre"). Read from the name's last word, or its first; case and dots
 * ("S.A.R.L.") do not matter.
 * @example legalFormOf('Dubois et Fils SARL') // 'SARL'
 */
export function legalFormOf(companyName: string): string | null {
  const words = companyName
    .normalize('NFC')
    .split(/[\s,()]+/)
    .filter((w) => w !== '')
    .map((w) => w.replace(/\./g, '').toUpperCase());
  for (const word of [words.at(-1), words[0]]) if (word !== undefined && LEGAL_FORMS.has(word)) return word;
  return null;
}
