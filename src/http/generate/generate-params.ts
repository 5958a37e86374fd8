import { MAX_SEED } from '../../core/company/index.js';
import { prefersCsv } from './accept.js';
import type { ErrorCode } from '../app/index.js';

/** The parameters of one generate request, once valid. */
export interface GenerateParams {
  quantity: number;
  format: 'json' | 'csv';
  excel: boolean;
  /** Absent: the app draws one. */
  seed: number | undefined;
}

/** Why the parameters were refused, in the order the checks run. */
export interface ParamError {
  error: Extract<ErrorCode, 'invalid_quantity' | 'invalid_format' | 'invalid_seed'>;
  message: string;
}

/** Records served when `quantity` is absent (spec 4.1). */
export const DEFAULT_QUANTITY = 5;
/** The values of `format` and `excel`, lower case. */
export const FORMATS = ['json', 'csv'] as const;
export const EXCEL_VALUES = ['0', '1'] as const;

// Base-10 digits only: no sign, space, decimal point or exponent.
const DIGITS = /^[0-9]+$/;

/** One parameter's value: absent, a single non-empty value, or the reason it is refused (repeated or empty is ambiguous). */
type Single = { value: string | undefined; problem?: undefined } | { value?: undefined; problem: string };

function single(query: URLSearchParams, name: string): Single {
  const values = query.getAll(name);
  if (values.length === 0) return { value: undefined };
  if (values.length > 1) return { problem: `${name} was given ${values.length} times; give it once` };
  if (values[0] === '') return { problem: `${name} is empty` };
  return { value: values[0] };
}

/**
 * The query of a serialised absolute URL (`request.url`), read as that URL's own `searchParams` would read it, without
 * parsing the whole URL.
 * @example queryParamsOf('http://localhost/api/v1/generate?quantity=3').getAll('quantity') // ['3']
 */
export function queryParamsOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  if (start < 0) return new URLSearchParams();
  const end = url.indexOf('#', start);
  const query = end < 0 ? url.slice(start + 1) : url.slice(start + 1, end);
  // The leading `&` keeps a query that starts with `?` (`??quantity=3`) as the URL parser reads it: the constructor would
  // drop that `?`, and the parameter would wrongly count as `quantity`.
  return new URLSearchParams(`&${query}`);
}

/**
 * Checks the query of a request URL in the contract's order: quantity, then format and excel, then seed. The tier's
 * maximum is checked by the caller afterwards (syntax errors come first). `accept` chooses CSV when `format` is absent.
 * @example parseGenerateParams('http://localhost/api/v1/generate?quantity=3', null, 50) // { quantity: 3, format: 'json', ... }
 */
export function parseGenerateParams(url: string, accept: string | null, maxQuantity: number): GenerateParams | ParamError {
  const query = queryParamsOf(url);
  const quantity = single(query, 'quantity');
  let quantityProblem = quantity.problem;
  if (quantity.value !== undefined) {
    if (!DIGITS.test(quantity.value)) quantityProblem = `quantity "${clip(quantity.value)}" is not written with digits only`;
    else if (Number(quantity.value) < 1) quantityProblem = 'quantity must be at least 1';
  }
  if (quantityProblem !== undefined)
    return { error: 'invalid_quantity', message: `${quantityProblem}: use a whole number from 1 to ${maxQuantity}.` };

  const format = single(query, 'format');
  let formatProblem = format.problem;
  if (format.value !== undefined && !(FORMATS as readonly string[]).includes(format.value))
    formatProblem = `format "${clip(format.value)}" is not supported`;
  if (formatProblem !== undefined) return { error: 'invalid_format', message: `${formatProblem}: use format=json or format=csv.` };

  const excel = single(query, 'excel');
  let excelProblem = excel.problem;
  if (excel.value !== undefined && !(EXCEL_VALUES as readonly string[]).includes(excel.value))
    excelProblem = `excel "${clip(excel.value)}" is not supported`;
  if (excelProblem !== undefined)
    return { error: 'invalid_format', message: `${excelProblem}: use excel=1 (BOM and ; for French Excel) or excel=0.` };

  const seed = parseSeedParam(query);
  if (typeof seed === 'object') return seed;

  return {
    quantity: quantity.value === undefined ? DEFAULT_QUANTITY : Number(quantity.value),
    format: format.value === undefined ? (prefersCsv(accept) ? 'csv' : 'json') : (format.value as 'json' | 'csv'),
    excel: excel.value === '1',
    seed,
  };
}

/** The `seed` parameter of a query (generate's and the lookups'): absent, a seed, or why it is refused. */
export function parseSeedParam(query: URLSearchParams): number | undefined | ParamError {
  const seed = single(query, 'seed');
  let seedProblem = seed.problem;
  if (seed.value !== undefined && (!DIGITS.test(seed.value) || Number(seed.value) > MAX_SEED)) {
    seedProblem = `seed "${clip(seed.value)}" is not a whole number in range`;
  }
  if (seedProblem !== undefined) return { error: 'invalid_seed', message: `${seedProblem}: use a whole number from 0 to ${MAX_SEED}.` };
  return seed.value === undefined ? undefined : Number(seed.value);
}

/** Echoes at most 40 characters of what the caller sent, so a message stays readable. */
function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}...` : value;
}
