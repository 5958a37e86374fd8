/** What `createRouteHandler` uses of a Playwright `Route`; declared here so siret-mock needs no Playwright types. */
export interface RouteLike {
  request(): { url(): string; method(): string; allHeaders(): Promise<Record<string, string>> };
  fulfill(response: { status: number; headers: Record<string, string>; body: string }): Promise<void>;
}

/**
 * A handler for Playwright's `page.route` (or `context.route`) that answers from a handler set's `fetch`: the page's
 * requests reach the test's own handler set, so `reset()` and `clock.advance()` act on what the page sees. The service's
 * answers are all text (JSON, CSV), passed on with their status and headers.
 * @example await page.route(/\/api\/v1\//, createRouteHandler(siret));
 */
export function createRouteHandler(service: { fetch(request: Request): Promise<Response> }): (route: RouteLike) => Promise<void> {
  return async (route) => {
    const request = route.request();
    // HTTP/2 pseudo-headers (`:authority`) are not header names a fetch `Request` accepts.
    const headers = Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(':'));
    const response = await service.fetch(new Request(request.url(), { method: request.method(), headers }));
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() });
  };
}
