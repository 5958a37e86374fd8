/** No `created_on` or `ceased_on` is this day or later (a fixed date, so records do not depend on the clock). */
export const CREATED_ON_REFERENCE_DATE = '2026-01-01';
