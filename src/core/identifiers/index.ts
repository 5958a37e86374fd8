// SIREN, SIRET and VAT numbers: the Luhn key, validation, formatting, and the identifier fixtures for testing validators.
export { isLuhnValid, luhnCheckDigit } from './luhn.js';
export {
  formatSiren,
  IDENTIFIER_SEPARATORS,
  isValidSiren,
  LA_POSTE_SIREN,
  parseSiren,
  stripSeparators,
  type InvalidReason,
  type ParsedIdentifier,
} from './siren.js';
export { formatSiret, isValidSiret, parseSiret } from './siret.js';
export { vatNumberOf } from './vat.js';
export {
  createIdentifierFixtureStream,
  generateIdentifierFixtures,
  IDENTIFIER_FIXTURE_CYCLE,
  type IdentifierFixture,
  type IdentifierFixtureKind,
  type IdentifierFixtureOptions,
} from './identifier-fixtures.js';
