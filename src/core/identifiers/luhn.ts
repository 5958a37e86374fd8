/** True when a string of digits passes the Luhn (mod 10) check. Non-digit strings are never valid. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  return luhnSum(digits, false) % 10 === 0;
}

/**
 * The digit to append to `digits` so that the result passes the Luhn check.
 * @example luhnCheckDigit('73282932') // 0 -> 732829320
 */
export function luhnCheckDigit(digits: string): number {
  return (10 - (luhnSum(digits, true) % 10)) % 10;
}

/** Luhn sum, doubling every second digit from the right; `forCheckDigit` doubles as if one more digit followed. */
function luhnSum(digits: string, forCheckDigit: boolean): number {
  let sum = 0;
  let double = forCheckDigit;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum;
}
