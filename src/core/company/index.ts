// The API's company records: each unit's story (legal form, SIREN era, creation year), its name, and the seeded stream of
// records, with their CSV form.
export { COMPANY_FIELDS, type CompanyRecord } from './company-record.js';
export { CREATED_ON_REFERENCE_DATE } from './company-story.js';
export { drawCompanyName } from './company.js';
export { createCompanyStream, generateCompanies, MAX_RECORDS_PER_SEED, MAX_SEED, type GenerateOptions } from './generate-companies.js';
export { csvCell, csvHeader, csvRow, toCsv, type CsvOptions } from './csv.js';
