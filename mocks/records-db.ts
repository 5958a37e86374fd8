import { Collection } from '@msw/data';
import { COMPANY_FIELDS, type CompanyRecord } from '../src/core/company-record.js';

type Issue = { message: string; path: [string] };

/**
 * The record shape as a Standard Schema (https://standardschema.dev), the interface `@msw/data` validates with: six
 * non-empty strings, so the collection needs no validation library.
 */
export const companyRecordStandardSchema = {
  '~standard': {
    version: 1,
    vendor: 'siret-mock',
    validate(value: unknown): { value: CompanyRecord } | { issues: Issue[] } {
      const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      const issues: Issue[] = [];
      for (const field of COMPANY_FIELDS) {
        const cell = record[field];
        if (typeof cell !== 'string' || cell === '') issues.push({ message: `${field} must be a non-empty string`, path: [field] });
      }
      return issues.length > 0 ? { issues } : { value: record as unknown as CompanyRecord };
    },
    types: undefined as unknown as { input: CompanyRecord; output: CompanyRecord } | undefined,
  },
} as const;

/** An `@msw/data` collection of company records, with the shape the API answers with. */
export type RecordsDb = Collection<typeof companyRecordStandardSchema>;

/**
 * Creates an empty collection of served records.
 * @example const db = createRecordsDb(); db.findMany((q) => q.where({ city: 'Lyon' }))
 */
export function createRecordsDb(): RecordsDb {
  return new Collection({ schema: companyRecordStandardSchema });
}

/**
 * Empties a records db. `Collection.clear()` deletes record by record with a linear search each (quadratic: about 3 ms for
 * 250 records); `all()` returns the collection's own array, so emptying it is O(1). Falls back to `clear()` if a version of
 * @msw/data ever returns a copy.
 */
export function clearRecordsDb(db: RecordsDb): void {
  db.all().length = 0;
  if (db.count() !== 0) db.clear();
}
