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
