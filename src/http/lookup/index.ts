// The lookup routes, this mock's extension: the establishment behind a SIRET, the unit behind a SIREN.
import {
  JSON_HEADERS,
  routePrefix,
  withHeaders,
  type RequestFacts,
  type ResolvedOptions,
  type RouteDefinition,
  type SirenLookupResponse,
  type SiretLookupResponse,
} from '../app/index.js';
import { admit, metaOf, parseSeedParam, queryParamsOf } from '../generate/index.js';

// The world and the record options' tables, loaded on the first lookup so that bundles that never look a number up skip them.
const loadWorld = () => import('../../core/world/index.js');

/**
 * The number a lookup path carries: the rest of the path after the route's prefix, percent-decoded (a form's spaces,
 * U+00A0 and U+202F arrive encoded); left as sent when it does not decode, so that the check names the stray `%`.
 */
function numberOf(url: string, prefix: string): string {
  const pathname = new URL(url).pathname;
  const rest = pathname.slice(pathname.indexOf(prefix) + prefix.length);
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

/**
 * Creates the GET handler of a lookup route (`/api/v1/siret/{siret}` or `/api/v1/siren/{siren}`), counted as generate is.
 * Checks in order: the pass (401), the rate limit (429), `seed` (400 `invalid_seed`), the number (400 `invalid_siret` or
 * `invalid_siren` with its `reason`), then the world (404 `not_found` with its `reason`) or the 200. Without `seed` in the
 * query it looks in the world of the app's `seed` option, else the core's default world; the records carry the app's
 * `fields` and `profile`.
 */
export function createLookupRoute(
  options: ResolvedOptions,
  route: RouteDefinition,
): (request: Request, facts: RequestFacts) => Promise<Response> {
  const { source, responses, recordOptions } = options;
  const prefix = routePrefix(route.path);
  return async function lookup(request, facts) {
    const admission = await admit(options, request, facts);
    if (!('tier' in admission)) return admission;
    const { limitHeaders } = admission;
    const seedParam = parseSeedParam(queryParamsOf(request.url));
    if (typeof seedParam === 'object') return responses.error({ code: seedParam.error, message: seedParam.message, headers: limitHeaders });
    const world = await loadWorld();
    const lookupOptions = { ...recordOptions, seed: seedParam ?? options.seed ?? world.DEFAULT_LOOKUP_SEED };
    const number = numberOf(request.url, prefix);
    const found = route.name === 'siret' ? world.lookupSiret(number, lookupOptions) : world.lookupSiren(number, lookupOptions);
    if (!found.found) {
      const { found: _found, error: code, message, ...extras } = found;
      return responses.error({ code, message, extras, headers: limitHeaders });
    }
    const meta = metaOf(admission, source);
    const body: SiretLookupResponse | SirenLookupResponse =
      'record' in found
        ? { data: found.record, meta }
        : { count: found.establishments.length, establishment_count: found.establishment_count, data: found.establishments, meta };
    return responses.body(JSON.stringify(body), limitHeaders ? withHeaders(JSON_HEADERS, limitHeaders) : JSON_HEADERS);
  };
}
