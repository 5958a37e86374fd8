// siret-mock/msw/data: a ready-made @msw/data collection of served records, for `createHandlers({ db: createRecordsDb() })`.
// The only module of the package that loads @msw/data (an optional peer dependency: install it to use this entry).
import { Collection } from '@msw/data';
import { companyRecordStandardSchema } from './records.js';

/** An `@msw/data` collection of company records. */
export type RecordsDb = Collection<typeof companyRecordStandardSchema>;

/**
 * Creates an empty collection of served records.
 * @example const siret = createHandlers({ db: createRecordsDb() }); siret.db.findFirst((q) => q.where({ city: 'Lyon' }))
 */
export function createRecordsDb(): RecordsDb {
  return new Collection({ schema: companyRecordStandardSchema });
}
