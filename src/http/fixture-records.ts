// Loaded by the generate route only when the app has `fields` or `profile` (dynamic import), so that the default handler's
// bundle carries neither the code nor the data of the extensions.
export { extraColumnsOf, generateCompanyFixtures, toFixtureCsv } from '../core/fixtures/index.js';
