import { isLuhnValid } from './luhn.js';

/** The SIREN of La Poste, whose establishments use a different check (see `isValidSiret`). */
export const LA_POSTE_SIREN = '356000000';

/**
 * The separators people type or paste between digit groups, which every function here that reads a SIREN or SIRET ignores:
 * space, U+00A0 (no-break space), U+202F (narrow no-break space, the French thousands separator), dot and dash.
 */
export const IDENTIFIER_SEPARATORS: RegExp = /[ \u00a0\u202f.-]/g;

/** Removes the separators of `IDENTIFIER_SEPARATORS`. @example stripSeparators('732.829.320') // '732829320' */
export function stripSeparators(value: string): string {
  return value.replace(IDENTIFIER_SEPARATORS, '');
}

/**
 * True for a 9-digit, Luhn-valid SIREN, separators (`IDENTIFIER_SEPARATORS`) ignored.
 * @example isValidSiren('732 829 320') // true
 */
export function isValidSiren(value: string): boolean {
  const digits = stripSeparators(value);
  return digits.length === 9 && isLuhnValid(digits);
}

/**
 * Formats a SIREN as three groups of three digits.
 * @example formatSiren('732829320') // '732 829 320'
 */
export function formatSiren(value: string): string {
  const d = stripSeparators(value);
  if (!/^\d{9}$/.test(d)) throw new RangeError(`a SIREN has 9 digits, got "${value}"`);
  return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
}
