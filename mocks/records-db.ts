import { Collection } from '@msw/data';
import { companyRecordSchema } from '../src/http/schemas.js';

/** An `@msw/data` collection of company records, with the schema the API answers with. */
export type RecordsDb = Collection<typeof companyRecordSchema>;

/**
 * Creates an empty collection of served records.
 * @example const db = createRecordsDb(); db.findMany((q) => q.where({ city: 'Lyon' }))
 */
export function createRecordsDb(): RecordsDb {
  return new Collection({ schema: companyRecordSchema });
}
