import { JSON_HEADERS, type ResolvedOptions, type RouteAnswer } from '../app/index.js';

/** The package's version, as `info.version` of the document. Written here so no browser bundle reads package.json; a test keeps it in step. */
export const PACKAGE_VERSION = '0.2.0';

/**
 * The message of a 500 for an OpenAPI module that would not load (a runtime without `import()`, a file missing from an
 * install): the cause named, from the error's name, code and first line, with file paths and URLs left out.
 */
function openApiLoadFailure(error: unknown): string {
  // The first error of a chain of causes is the one a loader wraps (a test runner's "error when mocking a module").
  let root = error;
  while (root instanceof Error && root.cause !== undefined) root = root.cause;
  const { name, code, message } =
    root instanceof Error ? (root as Error & { code?: unknown }) : { name: typeof root, code: undefined, message: String(root) };
  const firstLine = (message.split('\n')[0] ?? '').slice(0, 200).replace(/(?:[a-z]+:\/\/|\/|[A-Za-z]:\\)[^\s'"`]*/g, '<path>');
  const cause = [name, typeof code === 'string' ? code : undefined].filter(Boolean).join(' ');
  return `The OpenAPI document could not be built: loading its module failed (${cause}: ${firstLine}). The same document ships as the file siret-mock/openapi.json.`;
}

/**
 * Creates the GET handler of `/api/v1/openapi.json`: the document of this app's configuration, built on the first request
 * (its builder and schemas are not worth loading in every test file; the built package resolves the import to a chunk of
 * its own, a require() in the CommonJS build) and kept; a 500 naming the cause when its module will not load.
 */
export function createOpenApiRoute(options: ResolvedOptions): RouteAnswer {
  const { responses } = options;
  let body: Promise<string> | undefined;
  return async () => {
    body ??= import('./openapi-document.js').then(({ createOpenApiDocument }) =>
      JSON.stringify(
        createOpenApiDocument({
          quota: options.quota,
          maxQuantity: options.maxQuantity,
          rateLimitHeaders: options.rateLimitHeaders,
          retryAfter: options.retryAfter,
          control: options.controlClock !== undefined,
        }),
      ),
    );
    try {
      return responses.body(await body, JSON_HEADERS);
    } catch (error) {
      body = undefined;
      return responses.error({ code: 'internal_error', message: openApiLoadFailure(error) });
    }
  };
}
