/** One quota window as read from the `RateLimit` / `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers). */
export interface QuotaWindow {
  /** Requests left in the window (`r`). */
  remaining?: number;
  /** Seconds until the window resets (`t`). */
  resetSeconds?: number;
  /** Requests allowed per window (`q` in the policy). */
  quota?: number;
  /** Window length in seconds (`w` in the policy). */
  windowSeconds?: number;
}

/**
 * Reads a structured-field list such as `"minute";r=7;t=42, "day";r=93;t=51234` into `{ minute: {...}, day: {...} }`.
 * Unknown parameters are ignored; a malformed item is skipped rather than failing the whole header.
 * @example parseRateLimitList('"minute";q=10;w=60') // { minute: { quota: 10, windowSeconds: 60 } }
 */
export function parseRateLimitList(header: string | null): Record<string, QuotaWindow> {
  const windows: Record<string, QuotaWindow> = {};
  if (!header) return windows;
  for (const item of header.split(',')) {
    const [rawName, ...params] = item.trim().split(';');
    const name = rawName?.trim().replace(/^"(.*)"$/, '$1');
    if (!name) continue;
    const window: QuotaWindow = {};
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      const number = Number(value);
      if (value === undefined || !Number.isFinite(number)) continue;
      if (key === 'r') window.remaining = number;
      else if (key === 't') window.resetSeconds = number;
      else if (key === 'q') window.quota = number;
      else if (key === 'w') window.windowSeconds = number;
    }
    windows[name] = { ...windows[name], ...window };
  }
  return windows;
}

/** Merges the `RateLimit` and `RateLimit-Policy` headers of one response. */
export function readQuotaHeaders(headers: Headers): Record<string, QuotaWindow> {
  const policy = parseRateLimitList(headers.get('RateLimit-Policy'));
  const current = parseRateLimitList(headers.get('RateLimit'));
  const merged: Record<string, QuotaWindow> = { ...policy };
  for (const [name, window] of Object.entries(current)) merged[name] = { ...merged[name], ...window };
  return merged;
}
