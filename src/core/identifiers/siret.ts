import { isLuhnValid } from './luhn.js';
import { LA_POSTE_SIREN, stripSeparators } from './siren.js';

/** La Poste's head office, the one La Poste SIRET checked with Luhn rather than the digit-sum rule. */
const LA_POSTE_HEAD_OFFICE = '35600000000048';

/**
 * True for a valid 14-digit SIRET, separators (`IDENTIFIER_SEPARATORS`) ignored: the SIREN part and the whole number pass the Luhn check, except
 * for La Poste (SIREN 356000000), whose establishments other than 35600000000048 are valid when their digit sum is a
 * multiple of 5.
 * @example isValidSiret('732 829 320 00074') // true
 */
export function isValidSiret(value: string): boolean {
  const digits = stripSeparators(value);
  if (!/^\d{14}$/.test(digits)) return false;
  if (digits.startsWith(LA_POSTE_SIREN) && digits !== LA_POSTE_HEAD_OFFICE) {
    let sum = 0;
    for (let i = 0; i < 14; i++) sum += digits.charCodeAt(i) - 48;
    return sum % 5 === 0;
  }
  return isLuhnValid(digits.slice(0, 9)) && isLuhnValid(digits);
}

/**
 * Formats a SIRET as the SIREN's three groups followed by the 5-digit establishment part.
 * @example formatSiret('73282932000074') // '732 829 320 00074'
 */
export function formatSiret(value: string): string {
  const d = stripSeparators(value);
  if (!/^\d{14}$/.test(d)) throw new RangeError(`a SIRET has 14 digits, got "${value}"`);
  return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 9)} ${d.slice(9)}`;
}
