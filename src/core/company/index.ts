// The API's company records: the world of a seed (each SIREN's unit: legal form, era, name, establishments), the seeded
// stream of records drawn from it, and their CSV form.
export { COMPANY_FIELDS, type CompanyRecord } from './company-record.js';
export { CREATED_ON_REFERENCE_DATE } from './company-story.js';
export { drawCompanyName } from './company.js';
export {
  checkSeed,
  createCompanyStream,
  generateCompanies,
  MAX_RECORDS_PER_SEED,
  MAX_SEED,
  type GenerateOptions,
} from './generate-companies.js';
export { establishmentOf, storyOf, unitOf, type CompanyUnit } from './company-unit.js';
export { csvCell, csvHeader, csvRow, toCsv, type CsvOptions } from './csv.js';
