import { isLuhnValid } from './luhn.js';
import { formatSiren, LA_POSTE_SIREN, shapeProblem, stripSeparators, type ParsedIdentifier } from './siren.js';

/** La Poste's head office, the one La Poste SIRET checked with Luhn rather than the digit-sum rule. */
const LA_POSTE_HEAD_OFFICE = '35600000000048';

/**
 * Reads a SIRET the way a forgiving form does: separators (`IDENTIFIER_SEPARATORS`) ignored, then 14 digits whose SIREN
 * part and whole pass the Luhn check, except for La Poste (SIREN 356000000), whose establishments other than
 * 35600000000048 are valid when their digit sum is a multiple of 5. Gives the digits, or the reason (`digits`, `length`,
 * `la_poste_rule`, `check_digit`) and a message.
 * @example parseSiret('732 829 320 00075') // { valid: false, reason: 'check_digit', message: 'the SIRET ... fails the Luhn check' }
 */
export function parseSiret(value: string): ParsedIdentifier {
  const digits = stripSeparators(value);
  const problem = shapeProblem('SIRET', digits, 14);
  if (problem !== undefined) return problem;
  if (digits.startsWith(LA_POSTE_SIREN) && digits !== LA_POSTE_HEAD_OFFICE) {
    let sum = 0;
    for (let i = 0; i < 14; i++) sum += digits.charCodeAt(i) - 48;
    if (sum % 5 === 0) return { valid: true, digits };
    const message = `a La Poste SIRET (SIREN 356 000 000) has digits that sum to a multiple of 5; these sum to ${sum}`;
    return { valid: false, reason: 'la_poste_rule', message };
  }
  if (!isLuhnValid(digits.slice(0, 9)))
    return { valid: false, reason: 'check_digit', message: `its SIREN ${formatSiren(digits.slice(0, 9))} fails the Luhn check` };
  if (!isLuhnValid(digits))
    return { valid: false, reason: 'check_digit', message: `the SIRET ${formatSiret(digits)} fails the Luhn check` };
  return { valid: true, digits };
}

/**
 * True for a valid 14-digit SIRET, separators (`IDENTIFIER_SEPARATORS`) ignored: the SIREN part and the whole number pass
 * the Luhn check, except for La Poste (SIREN 356000000), whose establishments other than 35600000000048 are valid when
 * their digit sum is a multiple of 5.
 * @example isValidSiret('732 829 320 00074') // true
 */
export function isValidSiret(value: string): boolean {
  return parseSiret(value).valid;
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
