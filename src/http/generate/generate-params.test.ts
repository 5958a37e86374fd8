import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryParamsOf } from './generate-params.js';

const NAMES = ['quantity', 'format', 'excel', 'seed', 'other', '', '?quantity'];

/** What the URL standard's own query parser reads. */
const searchParamsOf = (url: string): URLSearchParams => new URL(url).searchParams;

describe('queryParamsOf', () => {
  it('reads a query as the URL parser does', () => {
    const query = queryParamsOf('http://localhost/api/v1/generate?quantity=3&format=csv&quantity&=x&&seed=1=2#quantity=9');
    expect(query.getAll('quantity')).toEqual(['3', '']);
    expect(query.getAll('format')).toEqual(['csv']);
    expect(query.getAll('seed')).toEqual(['1=2']);
    expect(query.getAll('')).toEqual(['x']);
    expect(query.getAll('excel')).toEqual([]);
  });

  it('finds nothing in a URL without a query, or with an empty one', () => {
    expect(queryParamsOf('http://localhost/api/v1/generate').getAll('quantity')).toEqual([]);
    expect(queryParamsOf('http://localhost/api/v1/generate?').getAll('')).toEqual([]);
    expect(queryParamsOf('http://localhost/api/v1/generate?#quantity=1').getAll('quantity')).toEqual([]);
  });

  it('decodes escapes and plus signs like URLSearchParams', () => {
    const query = queryParamsOf('http://localhost/?quantit%79=%33&format=c+sv&seed=%ZZ');
    expect(query.getAll('quantity')).toEqual(['3']);
    expect(query.getAll('format')).toEqual(['c sv']);
    expect(query.getAll('seed')).toEqual(['%ZZ']);
  });

  it('keeps a second question mark as part of the first name, as the URL parser does', () => {
    expect(queryParamsOf('http://localhost/api/v1/generate??quantity=3').getAll('?quantity')).toEqual(['3']);
    expect(queryParamsOf('http://localhost/api/v1/generate??quantity=%33').getAll('?quantity')).toEqual(['3']);
  });

  it('agrees with the URL parser on any query string', () => {
    const part = fc.oneof(fc.constantFrom(...NAMES, '=', '&', '%', '+', '#', '?', '%3D', '%26', '5', 'é', ' '), fc.string());
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        // The handler sees serialised URLs (Request.url, or the Node adapter's normalised target).
        const url = new URL(`http://localhost/api/v1/generate?${parts.join('')}`).href;
        const expected = searchParamsOf(url);
        const actual = queryParamsOf(url);
        for (const name of [...NAMES, ...expected.keys()]) expect(actual.getAll(name)).toEqual(expected.getAll(name));
      }),
      { numRuns: 2000 },
    );
  });
});
