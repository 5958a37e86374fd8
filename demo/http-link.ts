/**
 * An `upgrade` value from a response body as a link the page may put in an `href`: an absolute `http:` or `https:` URL
 * (resolved against `base`), or `undefined` for anything else (`javascript:`, `data:`, not a string, not a URL).
 * @example httpLink('javascript:alert(1)', location.href) // undefined
 */
export function httpLink(value: unknown, base: string): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value, base)) return undefined;
  const url = new URL(value, base);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
