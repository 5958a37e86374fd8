import { stripSeparators } from './siren.js';

/**
 * The French intra-community VAT number of a company: `FR`, a 2-digit key, then the SIREN. The key is
 * (12 + 3 x (SIREN mod 97)) mod 97, the rule of the French tax code that validators (python-stdnum's `fr.tva`) check.
 * @example vatNumberOf('732 829 320') // 'FR44732829320'
 */
export function vatNumberOf(siren: string): string {
  const digits = stripSeparators(siren);
  if (!/^\d{9}$/.test(digits)) throw new RangeError(`a SIREN has 9 digits, got "${siren}"`);
  const key = (12 + 3 * (Number(digits) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${digits}`;
}
