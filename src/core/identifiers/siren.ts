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
 * Why a SIREN or SIRET is not valid, in the order they are checked: `digits` (a character other than a digit or a
 * separator), `length` (not 9 or 14 digits), `la_poste_rule` (a La Poste SIRET whose digits do not sum to a multiple of 5),
 * `check_digit` (the Luhn check fails, on the SIREN or on the whole SIRET).
 */
export type InvalidReason = 'digits' | 'length' | 'check_digit' | 'la_poste_rule';

/** A SIREN or SIRET read from what a person typed: its digits, or why it is not valid, in a sentence a form can show. */
export type ParsedIdentifier = { valid: true; digits: string } | { valid: false; reason: InvalidReason; message: string };

/** `digits` or `length` for a value that is not `size` digits once its separators are removed, else undefined. */
export function shapeProblem(identifier: 'SIREN' | 'SIRET', digits: string, size: number): ParsedIdentifier | undefined {
  const stray = /[^0-9]/.exec(digits);
  if (stray !== null) {
    const message = `a ${identifier} holds only digits (and spaces, dots or dashes between them): "${stray[0]}" is not one`;
    return { valid: false, reason: 'digits', message };
  }
  if (digits.length !== size)
    return { valid: false, reason: 'length', message: `a ${identifier} has ${size} digits, not ${digits.length}` };
  return undefined;
}

/**
 * Reads a SIREN the way a forgiving form does: separators (`IDENTIFIER_SEPARATORS`) ignored, then 9 digits that pass the
 * Luhn check. Gives the digits, or the reason (`digits`, `length`, `check_digit`) and a message.
 * @example parseSiren('732 829 320') // { valid: true, digits: '732829320' }
 */
export function parseSiren(value: string): ParsedIdentifier {
  const digits = stripSeparators(value);
  const problem = shapeProblem('SIREN', digits, 9);
  if (problem !== undefined) return problem;
  if (!isLuhnValid(digits))
    return { valid: false, reason: 'check_digit', message: `the SIREN ${formatSiren(digits)} fails the Luhn check` };
  return { valid: true, digits };
}

/**
 * True for a 9-digit, Luhn-valid SIREN, separators (`IDENTIFIER_SEPARATORS`) ignored.
 * @example isValidSiren('732 829 320') // true
 */
export function isValidSiren(value: string): boolean {
  return parseSiren(value).valid;
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
