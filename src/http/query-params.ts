/** The part of `URLSearchParams` the handler reads. */
export interface QueryParams {
  getAll(name: string): string[];
}

// Without `%` or `+` nothing in a query string is decoded, so splitting on `&` and `=` gives what URLSearchParams gives.
const NEEDS_DECODING = /[%+]/;
const EMPTY: QueryParams = { getAll: () => [] };

/**
 * The query of a serialised absolute URL (`request.url`), read as that URL's `searchParams` read it. Plain queries (no `%`, no `+`: nearly every request)
 * are split by hand, which costs a fraction of building a `URLSearchParams`; anything to decode goes to `URLSearchParams`.
 * @example queryParamsOf('http://localhost/api/v1/generate?quantity=3').getAll('quantity') // ['3']
 */
export function queryParamsOf(url: string): QueryParams {
  const start = url.indexOf('?');
  if (start < 0) return EMPTY;
  const end = url.indexOf('#', start);
  const query = end < 0 ? url.slice(start + 1) : url.slice(start + 1, end);
  if (query === '') return EMPTY;
  // The leading `&` keeps a query that starts with `?` as the URL's own searchParams read it (the constructor would drop it).
  if (NEEDS_DECODING.test(query)) return new URLSearchParams(`&${query}`);
  const pairs = query.split('&');
  return {
    getAll(name) {
      const values: string[] = [];
      for (const pair of pairs) {
        if (pair === '') continue;
        const eq = pair.indexOf('=');
        const key = eq < 0 ? pair : pair.slice(0, eq);
        if (key === name) values.push(eq < 0 ? '' : pair.slice(eq + 1));
      }
      return values;
    },
  };
}
