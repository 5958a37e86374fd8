import { isLuhnValid, luhnCheckDigit } from './luhn.js';
import { createRandom, randomBetween, randomInt, type RandomSource } from '../random/random.js';
import { isValidSiren, LA_POSTE_SIREN } from './siren.js';
import { isValidSiret } from './siret.js';

/** What a fixture is about. Each kind is documented in docs/fixtures.md. */
export type IdentifierFixtureKind =
  | 'valid'
  | 'la-poste-siren'
  | 'la-poste-digit-sum'
  | 'la-poste-head-office'
  | 'formatted-spaces'
  | 'formatted-nbsp'
  | 'formatted-narrow-nbsp'
  | 'formatted-dots'
  | 'formatted-dashes'
  | 'wrong-check-digit'
  | 'transposed-digits'
  | 'too-short'
  | 'too-long'
  | 'letters-inside'
  | 'siren-valid-siret-invalid'
  | 'la-poste-digit-sum-failure'
  | 'luhn-valid-implausible';

/** One value to feed a SIRET or SIREN validator, and what a correct validator answers. */
export interface IdentifierFixture {
  kind: IdentifierFixtureKind;
  identifier: 'siret' | 'siren';
  value: string;
  /**
   * What `isValidSiret` / `isValidSiren` answer for `value`: separators (`IDENTIFIER_SEPARATORS`) ignored, Luhn on the SIREN
   * and on the SIRET, La Poste's SIRETs by their digit sum. Most `luhn-valid-implausible` values are valid by these rules.
   */
  valid: boolean;
  /**
   * `false` for the Luhn-valid patterns no register hands out (`000000000`, `404040404`, `11122233344455`): a form that
   * must refuse them needs this rule besides `valid`. `true` for every other kind.
   */
  plausible: boolean;
}

type Identifier = IdentifierFixture['identifier'];

const LA_POSTE_HEAD_OFFICE = '35600000000048';
const isValid = (identifier: Identifier, digits: string): boolean => (identifier === 'siret' ? isValidSiret(digits) : isValidSiren(digits));
const digitSum = (digits: string): number => [...digits].reduce((sum, d) => sum + d.charCodeAt(0) - 48, 0);

function validSiren(random: RandomSource): string {
  let body: number;
  do body = randomBetween(random, 30_000_000, 99_999_999);
  while (body === 35_600_000);
  return `${body}${luhnCheckDigit(String(body))}`;
}

function validSiret(random: RandomSource): string {
  const head = validSiren(random) + String(randomBetween(random, 1, 120)).padStart(4, '0');
  return head + luhnCheckDigit(head);
}

const validNumber = (random: RandomSource, identifier: Identifier): string =>
  identifier === 'siret' ? validSiret(random) : validSiren(random);

/** Draws candidates until one has the wanted validity (single-digit changes can, rarely, land on another valid number). */
function until(random: RandomSource, identifier: Identifier, wanted: boolean, draw: (random: RandomSource) => string): string {
  for (;;) {
    const value = draw(random);
    if (isValid(identifier, value) === wanted) return value;
  }
}

function replaceAt(digits: string, index: number, text: string): string {
  return digits.slice(0, index) + text + digits.slice(index + 1);
}

function changeOneDigit(random: RandomSource, digits: string): string {
  const at = randomInt(random, digits.length);
  const old = digits.charCodeAt(at) - 48;
  return replaceAt(digits, at, String((old + 1 + randomInt(random, 9)) % 10));
}

function transposeTwo(random: RandomSource, digits: string): string {
  const at = randomInt(random, digits.length - 1);
  return digits.slice(0, at) + (digits[at + 1] as string) + (digits[at] as string) + digits.slice(at + 2);
}

const GROUPS: Record<Identifier, readonly number[]> = { siren: [3, 3, 3], siret: [3, 3, 3, 5] };

function group(digits: string, identifier: Identifier, separator: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of GROUPS[identifier]) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(separator);
}

// Look-alikes a form receives from OCR or typing: O for 0, I and l for 1, S for 5, B for 8, Z for 2.
const LETTERS = 'OIlSBZ';

/** La Poste establishment numbers (NIC) with the wanted digit-sum outcome, never the head office. */
function laPosteSiret(random: RandomSource, digitSumValid: boolean): string {
  for (;;) {
    const head = LA_POSTE_SIREN + String(randomInt(random, 10_000)).padStart(4, '0');
    let value: string;
    if (digitSumValid) {
      // Of the two last digits that make the sum a multiple of 5, keep one that fails Luhn: valid only by La Poste's rule.
      const first = (5 - (digitSum(head) % 5)) % 5;
      const luhnDigit = luhnCheckDigit(head);
      value = head + (first === luhnDigit ? first + 5 : first);
    } else {
      // Luhn-valid, so a validator that ignores La Poste's rule accepts it; the digit sum is not a multiple of 5.
      value = head + luhnCheckDigit(head);
      if (digitSum(value) % 5 === 0) continue;
    }
    if (value !== LA_POSTE_HEAD_OFFICE) return value;
  }
}

/**
 * Repeated and sequential patterns (all zeros, 404040404, 11122233344455...) that pass the Luhn check over all their digits.
 * Most are valid numbers; a SIRET among them whose SIREN part fails (11122233344455) is not.
 */
function implausibleNumbers(identifier: Identifier): string[] {
  const length = identifier === 'siret' ? 14 : 9;
  const candidates = new Set<string>();
  for (let a = 0; a <= 9; a++) {
    candidates.add(String(a).repeat(length));
    for (let b = 0; b <= 9; b++) {
      candidates.add(`${a}${b}`.repeat(length).slice(0, length));
      const blocks = Array.from({ length: 5 }, (_, i) => String((a + i * b) % 10).repeat(3)).join('');
      candidates.add(
        blocks.slice(0, length - 2) +
          String((a + 4 * b) % 10)
            .repeat(2)
            .slice(0, 2),
      );
      candidates.add(blocks.slice(0, length));
    }
    candidates.add(Array.from({ length }, (_, i) => String((a + i) % 10)).join(''));
    candidates.add(Array.from({ length }, (_, i) => String((a + 10 - i) % 10)).join(''));
  }
  return [...candidates].filter((value) => !value.startsWith(LA_POSTE_SIREN) && isLuhnValid(value)).sort();
}

let implausible: Record<Identifier, string[]> | undefined;

type Maker = (random: RandomSource, identifier: Identifier) => { value: string; valid: boolean };

const formatted =
  (separator: string): Maker =>
  (random, identifier) => {
    // Mostly a valid number, sometimes a wrong one: `valid` is the number's validity once the separators are gone.
    const digits =
      random.next() < 0.75
        ? validNumber(random, identifier)
        : until(random, identifier, false, (r) => changeOneDigit(r, validNumber(r, identifier)));
    return { value: group(digits, identifier, separator), valid: isValid(identifier, digits) };
  };

const MAKERS: Record<IdentifierFixtureKind, Maker> = {
  valid: (random, identifier) => ({ value: validNumber(random, identifier), valid: true }),
  'la-poste-siren': () => ({ value: LA_POSTE_SIREN, valid: true }),
  'la-poste-digit-sum': (random) => ({ value: laPosteSiret(random, true), valid: true }),
  'la-poste-head-office': () => ({ value: LA_POSTE_HEAD_OFFICE, valid: true }),
  'formatted-spaces': formatted(' '),
  'formatted-nbsp': formatted('\u00a0'),
  'formatted-narrow-nbsp': formatted('\u202f'),
  'formatted-dots': formatted('.'),
  'formatted-dashes': formatted('-'),
  'wrong-check-digit': (random, identifier) => ({
    value: until(random, identifier, false, (r) => changeOneDigit(r, validNumber(r, identifier))),
    valid: false,
  }),
  'transposed-digits': (random, identifier) => ({
    value: until(random, identifier, false, (r) => transposeTwo(r, validNumber(r, identifier))),
    valid: false,
  }),
  'too-short': (random, identifier) => {
    const digits = validNumber(random, identifier);
    return { value: replaceAt(digits, randomInt(random, digits.length), ''), valid: false };
  },
  'too-long': (random, identifier) => {
    const digits = validNumber(random, identifier);
    const at = randomInt(random, digits.length + 1);
    return { value: digits.slice(0, at) + String(randomInt(random, 10)) + digits.slice(at), valid: false };
  },
  'letters-inside': (random, identifier) => {
    const digits = validNumber(random, identifier);
    return {
      value: replaceAt(digits, randomInt(random, digits.length), LETTERS[randomInt(random, LETTERS.length)] as string),
      valid: false,
    };
  },
  'siren-valid-siret-invalid': (random) => {
    const head = validSiren(random) + String(randomBetween(random, 1, 120)).padStart(4, '0');
    return { value: head + ((luhnCheckDigit(head) + 1 + randomInt(random, 9)) % 10), valid: false };
  },
  'la-poste-digit-sum-failure': (random) => ({ value: laPosteSiret(random, false), valid: false }),
  'luhn-valid-implausible': (random, identifier) => {
    implausible ??= { siren: implausibleNumbers('siren'), siret: implausibleNumbers('siret') };
    const values = implausible[identifier];
    const value = values[randomInt(random, values.length)] as string;
    return { value, valid: isValid(identifier, value) };
  },
};

/**
 * The order fixtures come in: every kind for each identifier it applies to, round after round, so any 31 consecutive
 * fixtures hold one of each.
 */
export const IDENTIFIER_FIXTURE_CYCLE: ReadonlyArray<readonly [IdentifierFixtureKind, Identifier]> = [
  ['valid', 'siret'],
  ['valid', 'siren'],
  ['la-poste-siren', 'siren'],
  ['la-poste-digit-sum', 'siret'],
  ['la-poste-head-office', 'siret'],
  ['formatted-spaces', 'siret'],
  ['formatted-spaces', 'siren'],
  ['formatted-nbsp', 'siret'],
  ['formatted-nbsp', 'siren'],
  ['formatted-narrow-nbsp', 'siret'],
  ['formatted-narrow-nbsp', 'siren'],
  ['formatted-dots', 'siret'],
  ['formatted-dots', 'siren'],
  ['formatted-dashes', 'siret'],
  ['formatted-dashes', 'siren'],
  ['wrong-check-digit', 'siret'],
  ['wrong-check-digit', 'siren'],
  ['transposed-digits', 'siret'],
  ['transposed-digits', 'siren'],
  ['too-short', 'siret'],
  ['too-short', 'siren'],
  ['too-long', 'siret'],
  ['too-long', 'siren'],
  ['letters-inside', 'siret'],
  ['letters-inside', 'siren'],
  ['siren-valid-siret-invalid', 'siret'],
  ['la-poste-digit-sum-failure', 'siret'],
  ['la-poste-digit-sum', 'siret'],
  ['luhn-valid-implausible', 'siret'],
  ['luhn-valid-implausible', 'siren'],
  ['la-poste-digit-sum-failure', 'siret'],
];

/** Options of `createIdentifierFixtureStream`. */
export interface IdentifierFixtureOptions {
  /** Whole number 0..4294967295; the same seed gives the same fixtures, and the first k do not depend on how many follow. */
  seed: number;
}

/**
 * A stream of identifier fixtures for validator tests: valid numbers, La Poste's special cases, formatting variants and
 * numbers invalid on purpose, each labelled with its kind and the answer a correct validator gives.
 * @example const fixtures = createIdentifierFixtureStream({ seed: 1 }); fixtures.next() // { kind: 'valid', identifier: 'siret', ... }
 */
export function createIdentifierFixtureStream(options: IdentifierFixtureOptions): { next(): IdentifierFixture } {
  const { seed } = options;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError(`seed must be a whole number 0..4294967295, got ${seed}`);
  const random = createRandom(seed ^ 0x49444658); // "IDFX": not the record stream of the same seed
  let index = 0;
  return {
    next() {
      const [kind, identifier] = IDENTIFIER_FIXTURE_CYCLE[index++ % IDENTIFIER_FIXTURE_CYCLE.length] as readonly [
        IdentifierFixtureKind,
        Identifier,
      ];
      return { kind, identifier, ...MAKERS[kind](random, identifier), plausible: kind !== 'luhn-valid-implausible' };
    },
  };
}

/**
 * `count` identifier fixtures for a seed (see `createIdentifierFixtureStream`).
 * @example generateIdentifierFixtures(100, { seed: 42 }).filter((f) => !f.valid)
 */
export function generateIdentifierFixtures(count: number, options: IdentifierFixtureOptions): IdentifierFixture[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number, got ${count}`);
  const stream = createIdentifierFixtureStream(options);
  return Array.from({ length: count }, () => stream.next());
}
