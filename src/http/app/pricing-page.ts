import type { ResolvedOptions } from './app-options.js';
import { type HeaderList, withHeaders } from './response-headers.js';

/** What `/pricing` says, as JSON: the tiers as this service is configured, and how to get the lifetime pass on the mock. */
interface PricingBody {
  tiers: {
    free: { max_quantity: number; rate_limit: { per_minute: number; per_day: number }; csv: false };
    lifetime: { max_quantity: number; rate_limit: null; csv: true };
  };
  /** The tier a request without a pass is served on here. */
  default_tier: 'free' | 'lifetime';
  how_to_get_the_lifetime_pass: { server: string[]; msw: string[]; note: string };
}

const BASE: HeaderList = [
  ['access-control-allow-origin', '*'],
  ['cache-control', 'no-store'],
  ['vary', 'Accept'],
];
const HTML_HEADERS = withHeaders(BASE, [['content-type', 'text/html; charset=utf-8']]);
const JSON_HEADERS = withHeaders(BASE, [['content-type', 'application/json']]);

/** True when `Accept` names `text/html` with a q-value above 0: a browser navigating, not an API client or curl. */
function wantsHtml(accept: string | null): boolean {
  if (accept === null) return false;
  for (const range of accept.toLowerCase().split(',')) {
    const [type, ...params] = range.split(';');
    if (type?.trim() !== 'text/html') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

function pricingBody(options: ResolvedOptions): PricingBody {
  return {
    tiers: {
      free: {
        max_quantity: options.maxQuantity.free,
        rate_limit: { per_minute: options.quota.perMinute, per_day: options.quota.perDay },
        csv: false,
      },
      lifetime: { max_quantity: options.maxQuantity.lifetime, rate_limit: null, csv: true },
    },
    default_tier: options.tier,
    how_to_get_the_lifetime_pass: {
      server: [
        'Start the server with a pass: siret-mock serve --pass TOKEN (or SIRET_MOCK_PASS=TOKEN), then send Authorization: Bearer TOKEN.',
        'Or serve every request as lifetime: siret-mock serve --tier lifetime.',
      ],
      msw: ["createHandlers({ passes: ['TOKEN'] }) with Authorization: Bearer TOKEN, or createHandlers({ tier: 'lifetime' })."],
      note: 'This is a mock: the pass is configured, never bought. An unknown Bearer token is a 401.',
    },
  };
}

function pricingHtml(body: PricingBody): string {
  const { free, lifetime } = body.tiers;
  const how = body.how_to_get_the_lifetime_pass;
  // Every value here is a number, a fixed tier name or a fixed sentence without markup characters: nothing to escape.
  const items = (lines: string[]): string => lines.map((line) => `<li>${line}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>siret-mock: pricing</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:.3rem .6rem;text-align:left}code{background:#eee;padding:0 .2rem}</style>
</head>
<body>
<h1>Tiers of this mock</h1>
<table>
<thead><tr><th>Tier</th><th>Records per request</th><th>Rate limit</th><th>CSV export</th></tr></thead>
<tbody>
<tr><td>free${body.default_tier === 'free' ? ' (default here)' : ''}</td><td>1 to ${free.max_quantity}</td><td>${free.rate_limit.per_minute} per minute, ${free.rate_limit.per_day} per UTC day</td><td>no</td></tr>
<tr><td>lifetime pass${body.default_tier === 'lifetime' ? ' (default here)' : ''}</td><td>1 to ${lifetime.max_quantity}</td><td>none</td><td>yes</td></tr>
</tbody>
</table>
<h2>Getting the lifetime pass on the mock</h2>
<p>${how.note}</p>
<h3>Server</h3><ul>${items(how.server)}</ul>
<h3>MSW handlers</h3><ul>${items(how.msw)}</ul>
<p>This page answers JSON to clients that do not ask for HTML.</p>
</body>
</html>
`;
}

/** Creates the GET handler of `/pricing`: HTML for browsers (`Accept: text/html`), JSON for everyone else. Never counted. */
export function createPricingPage(options: ResolvedOptions): (request: Request) => Response {
  const body = pricingBody(options);
  const html = pricingHtml(body);
  const json = JSON.stringify(body);
  return (request) =>
    wantsHtml(request.headers.get('accept')) ? options.responses.body(html, HTML_HEADERS) : options.responses.body(json, JSON_HEADERS);
}
