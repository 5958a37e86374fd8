import fc from 'fast-check';

/** The one pass token the fuzzed apps know. */
export const KNOWN_PASS = 'known-pass-0123';

/** A generated request, before it becomes a `Request` (kept plain so fast-check can print and shrink it). */
export interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  fragment: string;
  headers: Array<[string, string]>;
  body: string | undefined;
  clientAddress: string | undefined;
  /** Milliseconds the app's clock moves before this request. */
  advanceMs: number;
}

// Methods the fetch API lets a Request carry: the service's own, the usual others, lower-case spellings (normalised by
// the Request constructor for the six standard ones, kept as they are otherwise) and arbitrary tokens.
// CONNECT, TRACE and TRACK cannot be represented by a Request at all (the constructor throws), so they are not generated here;
// the raw-socket fuzz sends them.
const TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const token = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength });
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

// prettier-ignore
const methodArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'HEAD') },
  { weight: 2, arbitrary: fc.constantFrom('OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'get', 'head', 'options', 'Get', 'PROPFIND', 'M-SEARCH', 'QUERY') },
  { weight: 1, arbitrary: token(12).filter((method) => !FORBIDDEN_METHODS.has(method.toUpperCase())) },
);

// Real paths and near misses: case, trailing slash, doubled slash, percent-encoded letters, dot segments, other versions.
// prettier-ignore
const NEAR_PATHS = [
  '/api/v1/generate',
  '/api/v1/openapi.json',
  '/healthz',
  '/api/v1/siret/73282932000017',
  '/api/v1/siren/732829320',
  '/api/v1/siren/732%20829%20320',
  '/api/v1/siret/',
  '/api/v1/siret',
  '/api/v1/siret/732829320/00017',
  '/api/v1/siren/%ff',
  '/api/v1/siren/35600000%30',
  '/api/v1/generate/',
  '/api/v1/Generate',
  '/API/V1/GENERATE',
  '//api/v1/generate',
  '/api/v1//generate',
  '/api/v1/generate%2F',
  '/api/v1/%67enerate',
  '/api/v1/./generate',
  '/api/v1/x/../generate',
  '/api/v1/generate;quantity=5',
  '/api/v1/generate.json',
  '/api/v2/generate',
  '/api/v1/generat',
  '/api/v1/generatee',
  '/api/v1/openapi.json/',
  '/api/v1/openapi.yaml',
  '/healthz/',
  '/HEALTHZ',
  '/',
  '',
  '/api',
  '/api/v1/',
  '/api/v1/generate%00',
  '/api/v1/generate%20',
  '/api/v1/générer',
  '/api/v1/generate\u202e',
];
const graphemes = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit: 'grapheme', maxLength });
const pathArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 14, arbitrary: fc.constant('/api/v1/generate') },
  { weight: 2, arbitrary: fc.constantFrom('/api/v1/openapi.json', '/healthz', '/api/v1/./generate', '/api/v1/x/../generate') },
  { weight: 4, arbitrary: fc.constantFrom(...NEAR_PATHS) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...NEAR_PATHS), graphemes(6)).map(([path, tail]) => (path === '' ? `/${tail}` : path + tail)),
  },
  { weight: 1, arbitrary: graphemes(20).map((path) => `/${path}`) },
);

// Parameter values: valid ones, edges of every range, numbers the contract rejects, huge numbers, unicode digits and junk.
// prettier-ignore
const EDGE_VALUES = [
  '', '0', '1', '5', '10', '49', '50', '51', '99', '100', '101', '-1', '-0', '+5', ' 5', '5 ', '5.0', '5.', '.5', '1e1', '1E2', '0x10',
  '0b1', '0o7', '00005', '０５', '٥', '५', '５', 'NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true', '[]', '{}',
  '4294967295', '4294967296', '-4294967295', '9007199254740991', '9007199254740993', '1'.padEnd(400, '0'), '9'.repeat(10_000),
  'json', 'csv', 'JSON', 'CSV', 'Csv', 'xml', 'json ', 'csv\u0000', 'tsv', '1 ', 'yes', 'on',
];
const valueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_VALUES) },
  { weight: 3, arbitrary: fc.nat({ max: 150 }).map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: graphemes(12) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);
const nameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('quantity', 'format', 'excel', 'seed') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('Quantity', 'QUANTITY', 'quantity[]', 'quantity ', ' quantity', 'ｑuantity', 'qty', 'q', 'Format', 'SEED'),
  },
  { weight: 1, arbitrary: graphemes(8) },
);

function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // Lone surrogates cannot be percent-encoded; the URL parser replaces them with U+FFFD.
    return text;
  }
}

// How one pair reaches the query string: percent-encoded, raw (unicode and reserved characters as they are), `+` for
// spaces, without `=`, or with broken percent escapes appended.
const PERCENT_JUNK = ['%', '%z', '%zz', '%00', '%C3', '%FF%FE', '%%', '%2', '%E2%82'];
const pairArb: fc.Arbitrary<string> = fc
  .tuple(nameArb, valueArb, fc.constantFrom('encoded', 'encoded', 'raw', 'plus', 'bare', 'junk'), fc.constantFrom(...PERCENT_JUNK))
  .map(([name, value, mode, junk]) => {
    switch (mode) {
      case 'raw':
        return `${name}=${value}`;
      case 'plus':
        return `${encodeLoosely(name)}=${encodeLoosely(value).replaceAll('%20', '+')}`;
      case 'bare':
        return encodeLoosely(name);
      case 'junk':
        return `${encodeLoosely(name)}=${encodeLoosely(value)}${junk}`;
      default:
        return `${encodeLoosely(name)}=${encodeLoosely(value)}`;
    }
  });
// Repeated parameters come from several pairs of the same name; separators are sometimes doubled or odd.
const queryArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('?', '?&', '?=', '?&&&', '??quantity=5', '?quantity', '?quantity=', '?quantity=5&quantity=5') },
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.array(pairArb, { minLength: 1, maxLength: 6 }), fc.constantFrom('&', '&', '&', '&&', ';'))
      .map(([pairs, separator]) => `?${pairs.join(separator)}`),
  },
);

// Header values: what the fetch API accepts (Latin-1, no NUL, CR or LF; leading and trailing whitespace is trimmed).
const latin1 = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(9))
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

const authorizationArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      `Bearer ${KNOWN_PASS}`,
      `bearer ${KNOWN_PASS}`,
      `BEARER\t${KNOWN_PASS}`,
      `Bearer    ${KNOWN_PASS}   `,
      `Bearer ${KNOWN_PASS.toUpperCase()}`,
      `Bearer ${KNOWN_PASS}x`,
      `Bearer ${KNOWN_PASS} ${KNOWN_PASS}`,
      `Bearer ${KNOWN_PASS},Bearer other`,
      'Bearer',
      'Bearer ',
      'Bearer=',
      'Bearerx',
      'Bearer null',
      'Bearer undefined',
      'Bearer "known-pass-0123"',
      'Basic dXNlcjpwYXNz',
      'Digest username="x"',
      `Token ${KNOWN_PASS}`,
      KNOWN_PASS,
      '',
    ),
  },
  { weight: 2, arbitrary: latin1(40).map((text) => `Bearer ${text}`) },
  { weight: 1, arbitrary: latin1(60) },
);

const acceptArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/csv',
      'TEXT/CSV',
      'application/json',
      '*/*',
      'text/*',
      'text/csv;q=0.5, application/json;q=0.9',
      'text/csv;q=1, application/json;q=1',
      'application/json;q=0, text/csv',
      'text/csv;q=abc',
      'text/csv;q=-1',
      'text/csv;q=1e5',
      'text/csv;q=NaN',
      'text/csv;q=0.0000001, */*;q=0',
      'text/csv;;;q=0.9,,,,application/json;q=',
      ';;;',
      ',,,',
      'text/csv; charset=utf-8; header=present',
      'image/png',
      '',
      'text/csv,'.repeat(2_000),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom('text/csv', 'application/json', '*/*', 'text/*', 'application/*', 'x/y', '', '/', 'text/'),
          fc.oneof(
            fc.constant(''),
            fc.double({ noNaN: false }).map((q) => `;q=${q}`),
            latin1(6).map((q) => `;q=${q}`),
          ),
        ),
        { maxLength: 6 },
      )
      .map((ranges) => ranges.map(([type, q]) => type + q).join(', ')),
  },
  { weight: 1, arbitrary: latin1(40) },
);

const headerNameArb = fc.oneof(
  fc.constantFrom(
    'x-forwarded-for',
    'forwarded',
    'x-real-ip',
    'host',
    'origin',
    'content-type',
    'content-length',
    'cookie',
    'range',
    'if-none-match',
    'user-agent',
    'x-a',
  ),
  token(24),
);
const oddHeadersArb: fc.Arbitrary<Array<[string, string]>> = fc.array(
  fc.tuple(
    headerNameArb,
    fc.oneof(
      latin1(30),
      fc.constant('x'.repeat(10_000)),
      fc.constantFrom(
        '-1',
        '0',
        '99999999999999999999',
        '127.0.0.1, ::1, junk',
        '999.1.1.1',
        '1.2.3.4.5',
        'a.0x10',
        '[1.2.3.4]',
        '[::1]:3000',
        'x:99999',
        'localhost:3000',
      ),
    ),
  ),
  { maxLength: 4 },
);

const advanceArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 5_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(59_999, 60_000, 60_001, 3_600_000, 86_399_999, 86_400_000) },
);

const clientAddressArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('127.0.0.1', '10.0.0.2', '2001:db8:1200::') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: graphemes(10) },
);

/** One request of any shape a client of the service could send through the fetch API. */
export const fuzzRequestArb: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: methodArb,
    path: pathArb,
    query: queryArb,
    fragment: fc.oneof({ weight: 9, arbitrary: fc.constant('') }, { weight: 1, arbitrary: graphemes(6).map((text) => `#${text}`) }),
    authorization: authorizationArb,
    accept: acceptArb,
    odd: oddHeadersArb,
    body: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
    clientAddress: clientAddressArb,
    advanceMs: advanceArb,
  })
  .map(({ method, path, query, fragment, authorization, accept, odd, body, clientAddress, advanceMs }) => {
    const headers: Array<[string, string]> = [...odd];
    if (authorization !== undefined) headers.push(['authorization', authorization]);
    if (accept !== undefined) headers.push(['accept', accept]);
    const bodyless = ['GET', 'HEAD'].includes(method.toUpperCase());
    return { method, path, query, fragment, headers, body: bodyless ? undefined : body, clientAddress, advanceMs };
  });

/** The `Request` a generated request stands for, against `origin`. */
export function toRequest(request: FuzzRequest, origin = 'http://localhost'): Request {
  return new Request(`${origin}${request.path}${request.query}${request.fragment}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

// Path-shaped request-targets for the demo file server: segments under existing files, dot segments in every spelling,
// percent-encoded separators, NUL and bytes that are not UTF-8, backslashes, long components and long paths.
const PATH_PIECES = [
  '..',
  '.',
  '',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '..%2f',
  '..%5c',
  '%00',
  '%0a',
  '%0d%0a',
  '%c0%ae%c0%ae',
  '%c0%af',
  '%e0%80%ae',
  '%ff',
  '%fe%ff',
  '%',
  '%z',
  '%%32%65',
  '\\',
  '..\\',
  '~',
  'etc',
  'passwd',
  'proc',
  'self',
  'environ',
  'index.html',
  'assets',
  'node_modules',
  'package.json',
  'x.js',
  ';',
  '?',
  '#',
  ':',
  '@',
  'ünï',
  '%e2%80%ae',
  '%20',
  '+',
];

/** Request-targets for the demo's file server; `files` are paths of files it serves (`/index.html`, `/assets/x.js`). */
export function demoTargetArb(files: readonly string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...PATH_PIECES) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 300 }).map((length) => 'n'.repeat(length)) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 6 })
        .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
    },
  );
  const tail = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join('/'));
  return fc.oneof(
    // Below an existing file, or around it with dot segments.
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...files), tail).map(([file, rest]) => `${file}/${rest}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...files), fc.constantFrom('/..', '/../..', '%2f..', '/.', '/', '%00', '\\..', '.map'))
        .map(([file, end]) => file + end),
    },
    { weight: 3, arbitrary: tail.map((rest) => `/${rest}`) },
    // A long component, or a long path, up to the 8 KiB URL limit and a little over it.
    { weight: 1, arbitrary: fc.integer({ min: 250, max: 8_300 }).map((length) => `/${'a'.repeat(length)}`) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 2_100 }).map((count) => `/${'d/'.repeat(count)}x`) },
  );
}
