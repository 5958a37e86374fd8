// The legal forms a record can take, with what a French reader checks against them. Written by hand; docs/data.md gives
// every figure's source:
// - shares: the stock of economically active units in 2022, INSEE, Insee Première n° 2045 (April 2025,
//   https://www.insee.fr/fr/statistiques/8540568): 5.5 million units, of which micro-entrepreneurs 1.79 million (32%),
//   classic individual entrepreneurs about 1.2 million and companies about 2.5 million (2021: 2.42 million, 48.8% SARL or
//   EURL, 40% SAS or SASU, 11.3% other forms). The splits SARL/EURL and SAS/SASU, and the SCI share (civil property
//   companies are counted apart), are our estimates;
// - the dates each form exists from (the law that created it) and the INSEE legal category (catégorie juridique, level III,
//   https://www.insee.fr/fr/information/2028129);
// - creations per year (thousands, piecewise linear between the years given) and the share still active after a year:
//   rounded from INSEE's yearly creation series (2024: 1,111,238 creations, 716,194 micro-entrepreneurs, 110,480 classic
//   individual enterprises, 284,564 companies, of which SAS about two thirds), earlier years and the split by form our
//   estimates; the yearly survival follows INSEE's cessation rates (about 8% a year for all units, 11-18% for
//   micro-entrepreneurs, Insee Première n° 2045). They set how old the active units of each form are, nothing else.

/** One legal form as the generator draws it. */
export interface LegalFormData {
  /** The abbreviation written in the name: EI, SARL, SCI... */
  readonly form: string;
  /** Micro-entrepreneur or classic, for an individual entrepreneur; the regime is not written in the name. */
  readonly micro?: boolean;
  /** Share of the stock of active units, in percent. */
  readonly share: number;
  /** INSEE legal categories (level III); the first is the usual one, the others drawn with their weights. */
  readonly categories: ReadonlyArray<readonly [code: string, weight: number]>;
  /** The first day a unit of this form can have been created: its law's (in a comment), or an EI's still trading. */
  readonly from: string;
  /** Creations per year in thousands, at the years given (linear in between, flat after the last). */
  readonly creations: ReadonlyArray<readonly [year: number, thousands: number]>;
  /** The share of a year's active units still active a year later. */
  readonly survival: number;
}

// prettier-ignore
export const LEGAL_FORM_DATA: readonly LegalFormData[] = [
  // micro-entrepreneur regime (loi de modernisation de l'économie, 4 August 2008), from 1 January 2009
  { form: 'EI', micro: true, share: 32, categories: [['1000', 1]], from: '2009-01-01',
    creations: [[2009, 320], [2010, 360], [2011, 290], [2012, 306], [2013, 276], [2014, 283], [2015, 223], [2016, 223], [2017, 242], [2018, 309], [2019, 386], [2020, 416], [2021, 641], [2022, 673], [2023, 667], [2024, 716]],
    survival: 0.85 },
  // no law: an individual entrepreneur still trading was born after 1950 and set up after 1977
  { form: 'EI', micro: false, share: 21, categories: [['1000', 1]], from: '1978-01-01',
    creations: [[1978, 150], [2008, 150], [2009, 100], [2020, 110], [2024, 110]], survival: 0.92 },
  // loi du 7 mars 1925
  { form: 'SARL', share: 17, categories: [['5499', 1]], from: '1925-03-07',
    creations: [[1945, 10], [1974, 40], [1994, 70], [2008, 75], [2016, 45], [2024, 45]], survival: 0.93 },
  // loi n° 85-697 du 11 juillet 1985
  { form: 'EURL', share: 5.5, categories: [['5498', 1]], from: '1985-07-11',
    creations: [[1985, 2], [1990, 8], [2000, 20], [2008, 30], [2024, 29]], survival: 0.93 },
  // loi n° 94-1 du 3 janvier 1994
  { form: 'SAS', share: 8.5, categories: [['5710', 1]], from: '1994-01-03',
    creations: [[1994, 1], [1999, 3], [2005, 6], [2009, 12], [2012, 25], [2015, 40], [2018, 55], [2021, 75], [2024, 78]], survival: 0.93 },
  // loi n° 99-587 du 12 juillet 1999
  { form: 'SASU', share: 10, categories: [['5720', 1]], from: '1999-07-12',
    creations: [[1999, 1], [2005, 4], [2009, 12], [2012, 25], [2015, 45], [2018, 65], [2021, 100], [2024, 109]], survival: 0.93 },
  // Code civil (sociétés civiles); loi n° 78-9 du 4 janvier 1978
  { form: 'SCI', share: 4, categories: [['6540', 1]], from: '1945-01-01',
    creations: [[1945, 5], [1974, 15], [1990, 30], [2005, 55], [2015, 60], [2024, 65]], survival: 0.97 },
  // loi du 24 juillet 1867; loi n° 66-537 du 24 juillet 1966
  { form: 'SA', share: 0.8, categories: [['5599', 85], ['5699', 15]], from: '1945-01-01',
    creations: [[1945, 10], [1974, 15], [1990, 12], [1994, 6], [2000, 3], [2010, 1], [2024, 0.5]], survival: 0.95 },
  // Code de commerce; loi n° 66-537 du 24 juillet 1966
  { form: 'SNC', share: 0.5, categories: [['5202', 1]], from: '1945-01-01',
    creations: [[1945, 3], [1990, 4], [2010, 3], [2024, 2]], survival: 0.93 },
  // loi n° 90-1258 du 31 décembre 1990
  { form: 'SELARL', share: 0.5, categories: [['5485', 1]], from: '1991-01-01',
    creations: [[1991, 0.5], [2000, 1.5], [2015, 3], [2024, 3]], survival: 0.95 },
  // loi n° 2001-1168 du 11 décembre 2001 (MURCEF)
  { form: 'SELAS', share: 0.2, categories: [['5785', 1]], from: '2001-12-12',
    creations: [[2002, 0.2], [2015, 1], [2024, 2]], survival: 0.95 },
];

/**
 * The day each liberal profession a SEL name shows could first practise as a SEL, by the trade word of the name: the loi
 * n° 90-1258 du 31 décembre 1990 left each profession's conditions to a decree of its own (Légifrance).
 */
// prettier-ignore
export const SEL_PROFESSION_FROM: ReadonlyArray<readonly [trade: string, day: string]> = [
  ['Cabinet Dentaire', '1992-07-29'], // chirurgiens-dentistes: décret n° 92-740 du 29 juillet 1992
  ['Pharmacie', '1992-08-28'], // pharmaciens d'officine: décret n° 92-909 du 28 août 1992
  ['Avocats', '1993-03-25'], // avocats: décret n° 93-492 du 25 mars 1993
  ['Clinique Vétérinaire', '1991-01-01'], // vétérinaires: no decree found in the sources at hand, the law's own date
];

/**
 * How SIRENs were handed out, by their first two digits (our reading, not a published table: INSEE does not publish its
 * allocation). The register opened in 1973 and gave the units existing then numbers in the 54x-74x and 77x-78x ranges
 * (Total 542, Peugeot 552, Carrefour 652, BNP 662, Essilor 712, LVMH 775); new units were then numbered in sequence from
 * 30x (Dassault Systèmes 322 in 1981, Orange 380 in 1991, Legrand 421 in 1998, Google France 443 in 2002, Deezer 511 in
 * 2009) up to 53x in 2011, then from 75x (ManoMano 752 in 2012, Doctolib 794 in 2013, Back Market 804 in 2014, Qonto 819
 * in 2016, Mistral AI 952 in 2023) to 99x. Each anchor: a prefix and the date (decimal year) its numbers start being handed
 * out; prefixes between two anchors share the time between them evenly (in the order of NEW_SIREN_PREFIXES), and a
 * prefix's numbers run until the next one's date, the last one's until the end of 2025.
 */
// prettier-ignore
export const SIREN_PREFIX_DATES: ReadonlyArray<readonly [prefix: number, year: number]> = [
  [30, 1974], [32, 1980], [34, 1986], [36, 1990], [38, 1991.5], [40, 1995], [42, 1998], [44, 2002], [48, 2005], [50, 2007],
  [51, 2009], [53, 2011], [75, 2012], [79, 2013.3], [80, 2014], [82, 2016], [84, 2018], [86, 2019.3], [88, 2020], [90, 2021],
  [92, 2022], [94, 2023], [96, 2024], [98, 2025],
];

/** The prefixes of units registered from 1974 on, in the order they were handed out. */
export const NEW_SIREN_PREFIXES: readonly number[] = [
  ...Array.from({ length: 24 }, (_, i) => 30 + i),
  75,
  76,
  ...Array.from({ length: 21 }, (_, i) => 79 + i),
];

/** Prefixes of the units that existed when the register opened (created before 1974). */
export const OLD_SIREN_PREFIXES: readonly number[] = [
  54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 77, 78,
];

/** The oldest units still active are dated from this year (the earlier ones are too few to matter). */
export const OLD_UNITS_FROM = 1945;
