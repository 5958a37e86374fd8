// Reads rate-limit information the way HTTP clients do (ky's retry timing, browsers' Retry-After): from headers only.

/** One window of a `RateLimit` header: requests left and seconds until reset. */
export interface RateLimitWindow {
  r: number;
  t: number;
}

/** Parses `RateLimit: "minute";r=7;t=42, "day";r=93;t=51234` (draft-ietf-httpapi-ratelimit-headers-10) by policy name. */
export function parseRateLimit(header: string | null): Record<string, RateLimitWindow> {
  const out: Record<string, RateLimitWindow> = {};
  if (header === null) return out;
  for (const item of header.split(',')) {
    const [name, ...params] = item.trim().split(';');
    const values = Object.fromEntries(params.map((p) => p.split('=') as [string, string]));
    out[(name ?? '').replace(/"/g, '')] = { r: Number(values.r), t: Number(values.t) };
  }
  return out;
}

/** Parses `RateLimit-Policy: "minute";q=10;w=60, "day";q=100;w=86400` by policy name. */
export function parseRateLimitPolicy(header: string | null): Record<string, { q: number; w: number }> {
  const out: Record<string, { q: number; w: number }> = {};
  if (header === null) return out;
  for (const item of header.split(',')) {
    const [name, ...params] = item.trim().split(';');
    const values = Object.fromEntries(params.map((p) => p.split('=') as [string, string]));
    out[(name ?? '').replace(/"/g, '')] = { q: Number(values.q), w: Number(values.w) };
  }
  return out;
}

/** `Retry-After` in milliseconds (delta-seconds form, the one the service sends), or `undefined`. */
export function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  return value !== null && /^\d+$/.test(value) ? Number(value) * 1000 : undefined;
}
