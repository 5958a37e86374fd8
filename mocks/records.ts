import { COMPANY_FIELDS, type CompanyRecord } from '../src/core/company/index.js';

/**
 * Where the handlers put every record they serve with a 200: an `@msw/data` `Collection` of company records (see
 * `companyRecordStandardSchema`), or anything with the same `create` and `clear`.
 */
export interface RecordsCollection {
  create(record: CompanyRecord): unknown;
  clear(): unknown;
}

/** One problem found by `companyRecordStandardSchema`, in the Standard Schema shape. */
export interface RecordIssue {
  readonly message: string;
  readonly path?: readonly PropertyKey[];
}

/** A Standard Schema (v1) of a served company record, with no validation library behind it. */
export interface CompanyRecordStandardSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): { readonly value: CompanyRecord; readonly issues?: undefined } | { readonly issues: readonly RecordIssue[] };
    readonly types?: { readonly input: CompanyRecord; readonly output: CompanyRecord } | undefined;
  };
}

const PATTERNS: Partial<Record<keyof CompanyRecord, RegExp>> = {
  siret: /^\d{3} \d{3} \d{3} \d{5}$/,
  siren: /^\d{3} \d{3} \d{3}$/,
  postcode: /^\d{5}$/,
};

/**
 * The schema of the records the API serves, as a [Standard Schema](https://standardschema.dev/): give it to an `@msw/data`
 * `Collection` to keep served records beside your own collections.
 * @example const db = new Collection({ schema: companyRecordStandardSchema }); const siret = createHandlers({ db });
 */
export const companyRecordStandardSchema: CompanyRecordStandardSchema = {
  '~standard': {
    version: 1,
    vendor: 'siret-mock',
    validate(value) {
      if (typeof value !== 'object' || value === null) return { issues: [{ message: 'a company record is an object' }] };
      const record = value as Record<string, unknown>;
      const issues: RecordIssue[] = [];
      for (const field of COMPANY_FIELDS) {
        const text = record[field];
        const pattern = PATTERNS[field];
        if (typeof text !== 'string' || text === '') issues.push({ message: `${field} must be a non-empty string`, path: [field] });
        else if (pattern !== undefined && !pattern.test(text))
          issues.push({ message: `${field} must match ${String(pattern)}`, path: [field] });
      }
      if (issues.length > 0) return { issues };
      // A copy with the record's own fields, in the API's order.
      const copy = {} as CompanyRecord;
      for (const field of COMPANY_FIELDS) copy[field] = record[field] as string;
      return { value: copy };
    },
  },
};

/**
 * Empties a records collection. `@msw/data`'s `Collection.clear()` deletes record by record with a linear search each
 * (quadratic in the records); its `all()` returns the collection's own array, so emptying that is O(1). Falls back to
 * `clear()` for anything else.
 */
export function clearRecords(db: RecordsCollection): void {
  const all = (db as { all?: () => unknown }).all;
  if (typeof all === 'function') {
    const records = all.call(db);
    if (Array.isArray(records)) records.length = 0;
  }
  const count = (db as { count?: () => unknown }).count;
  if (typeof count !== 'function' || count.call(db) !== 0) db.clear();
}
