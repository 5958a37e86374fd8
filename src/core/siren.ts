import { isLuhnValid } from './luhn.js';

/** The SIREN of La Poste, whose establishments use a different check (see `isValidSiret`). */
export const LA_POSTE_SIREN = '356000000';

/** Removes the spaces people and this API put between digit groups. */
export function compactNumber(value: string): string {
  return value.replace(/[ \u00a0]/g, '');
}

/**
 * True for a 9-digit, Luhn-valid SIREN, with or without spaces.
 * @example isValidSiren('732 829 320') // true
 */
export function isValidSiren(value: string): boolean {
  const digits = compactNumber(value);
  return digits.length === 9 && isLuhnValid(digits);
}

/**
 * Formats a SIREN as three groups of three digits.
 * @example formatSiren('732829320') // '732 829 320'
 */
export function formatSiren(value: string): string {
  const d = compactNumber(value);
  if (!/^\d{9}$/.test(d)) throw new RangeError(`a SIREN has 9 digits, got "${value}"`);
  return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
}
