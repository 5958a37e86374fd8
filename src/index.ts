// Browser-safe entry point: the generator core, validators and formatters.
export { isLuhnValid, luhnCheckDigit } from './core/identifiers/luhn.js';
export { formatSiren, IDENTIFIER_SEPARATORS, isValidSiren, LA_POSTE_SIREN, stripSeparators } from './core/identifiers/siren.js';
export { formatSiret, isValidSiret } from './core/identifiers/siret.js';
export type { Clock } from './core/clock.js';
export { createRandom, type RandomSource, type SeededRandom } from './core/random/random.js';
export { COMPANY_FIELDS, type CompanyRecord } from './core/company/company-record.js';
export {
  createCompanyStream,
  generateCompanies,
  MAX_RECORDS_PER_SEED,
  MAX_SEED,
  type GenerateOptions,
} from './core/company/generate-companies.js';
export {
  createIdentifierFixtureStream,
  generateIdentifierFixtures,
  IDENTIFIER_FIXTURE_CYCLE,
  type IdentifierFixture,
  type IdentifierFixtureKind,
  type IdentifierFixtureOptions,
} from './core/identifiers/identifier-fixtures.js';
export { vatNumberOf } from './core/identifiers/vat.js';
export { legalFormOf } from './core/fixtures/legal-form.js';
export { loadNafCodes, type NafCode } from './core/fixtures/naf.js';
export { CREATED_ON_REFERENCE_DATE } from './core/created-on.js';
export type { ExtraFields } from './core/fixtures/extra-fields.js';
export { EDGE_CASE_RATES, type EdgeCase, type EdgeCaseFields } from './core/fixtures/edge-cases.js';
export { NEGATIVE_CASES, type NegativeCase, type NegativeCaseFields } from './core/fixtures/negative-cases.js';
export {
  EXTRA_FIELDS,
  parseExtraFields,
  PROFILES,
  type ExtraField,
  type FixtureRecord,
  type Profile,
  type RecordOptions,
} from './core/fixtures/record-options.js';
export { createCompanyFixtureStream, generateCompanyFixtures, type CompanyFixtureOptions } from './core/fixtures/company-fixtures.js';
export { loadCommunes, type Address, type Commune } from './core/address/address.js';
export { consumeQuota, DEFAULT_QUOTA_LIMITS, type QuotaDecision, type QuotaLimits, type QuotaState } from './core/quota/quota.js';
export {
  createMemoryQuotaStore,
  QuotaStoreUnavailableError,
  type MemoryQuotaStore,
  type MemoryQuotaStoreOptions,
  type QuotaStore,
  type TextStorage,
} from './core/quota/quota-store.js';
export { withUsage, type QuotaUsage, type QuotaWindow } from './core/quota/quota-usage.js';
export {
  AUDIT_LOG_SIZE,
  createRetryAudit,
  RETRY_STORM_THRESHOLD,
  type AuditedRequest,
  type AuditReport,
  type RetryAudit,
  type RetryViolation,
} from './core/quota/retry-audit.js';
export { csvCell, csvHeader, csvRow, toCsv, type CsvOptions } from './core/company/csv.js';
export type {
  ErrorCode,
  ErrorResponse,
  GenerateMeta,
  GenerateResponse,
  HealthResponse,
  RateLimitErrorResponse,
} from './http/wire-types.js';
