import { createRetryAudit, type RetryViolation } from 'siret-mock';
import type { ScenarioName, Session, SessionEvent } from './session-log.js';

type RequestEvent = Extract<SessionEvent, { kind: 'request' }>;

const BASE = 'https://siret-mock.test/';

/** How a scenario of the page is set up in a test, on the handler set's clock. */
const SCENARIO_CODE: Record<ScenarioName, string> = {
  'rate-limit-minute': "scenarios.rateLimited({ window: 'minute', times: Infinity, clock: siret.clock })",
  'rate-limit-day': "scenarios.rateLimited({ window: 'day', times: Infinity, clock: siret.clock })",
  'server-error': 'scenarios.serverError({ times: Infinity })',
  'network-error': 'scenarios.networkError({ times: Infinity })',
  slow: 'scenarios.slow(2_500, { times: Infinity })',
};

/**
 * The violations `siret.audit()` reports for these events: the requests the mock's handler answered since the last reset,
 * with the time and Retry-After each had, leaving out those sent with the lifetime `pass` (not rate limited). The same
 * audit the handler set runs, replayed from the log.
 */
export function auditOf(events: readonly SessionEvent[], options: { audited: 'handler' | 'all'; pass: string }): RetryViolation[] {
  let audit = createRetryAudit();
  for (const event of events) {
    // reset() starts a new audit, as the handler set does.
    if (event.kind === 'reset') audit = createRetryAudit();
    if (event.kind !== 'request' || event.status === null || (options.audited === 'handler' && !event.audited)) continue;
    if (event.token === options.pass) continue;
    const retryAt = event.status === 429 ? retryAtOf(event.retryAfter, event.at) : undefined;
    audit.record({ caller: 'anonymous', at: event.at, method: 'GET', status: event.status, ...(retryAt === undefined ? {} : { retryAt }) });
  }
  return audit.report().violations;
}

function retryAtOf(header: string | undefined, at: number): number | undefined {
  if (header === undefined) return undefined;
  if (/^\d+$/.test(header)) return at + Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date;
}

const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A flat object as TypeScript source: `{ accept: 'text/csv', minute: 7 }`. */
const literal = (object: Record<string, string | number | undefined>): string =>
  `{ ${Object.entries(object)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${/^[a-z]+$/i.test(key) ? key : quote(key)}: ${typeof value === 'string' ? quote(value) : value}`)
    .join(', ')} }`;

function requestLine(event: RequestEvent): string[] {
  const headers: Record<string, string> = { accept: event.accept };
  if (event.token !== undefined) headers.authorization = `Bearer ${event.token}`;
  const call = `send(${quote(event.path)}, ${literal(headers)})`;
  if (event.status === null) return [`await expect(${call}).rejects.toThrow();`];
  if (event.siret === undefined) return [`expect((await ${call}).status).toBe(${event.status});`];
  return [
    `response = await ${call};`,
    `expect(response.status).toBe(${event.status});`,
    `expect(((await response.json()) as { data: Array<{ siret: string }> }).data[0]?.siret).toBe(${quote(event.siret)});`,
  ];
}

/**
 * The session as a Vitest file that replays it against `createHandlers()` under `setupServer`: a frozen clock moved to
 * each event's time, the same quota states, clock moves and scenarios, every request with the status it got, and the
 * audit's verdict. Copy it into a project with msw and siret-mock installed and run `npx vitest run`.
 */
export function sessionAsTest(session: Session): string {
  const lines: string[] = [];
  let scenario: ScenarioName | null = null;
  for (const event of session.events) {
    const time = `at(${quote(new Date(event.at).toISOString())});`;
    switch (event.kind) {
      case 'request':
        lines.push(`// GET ${event.path}${scenario ? ` (scenario ${scenario})` : ''}`, time, ...requestLine(event));
        break;
      case 'advance':
        lines.push(`siret.clock.advance(${event.ms});`);
        break;
      case 'usage':
        lines.push(time, `siret.setUsage(${literal(event.usage)});`);
        break;
      case 'exhaust':
        lines.push(time, `siret.exhaust(${quote(event.window)});`);
        break;
      case 'reset':
        lines.push('siret.reset();');
        break;
      case 'scenario':
        // As the page does: a new scenario replaces the one before (resetHandlers) rather than sitting behind it.
        scenario = event.name;
        lines.push('server.resetHandlers();', ...(event.name === null ? [] : [`server.use(${SCENARIO_CODE[event.name]});`]));
        break;
    }
  }
  const kinds = auditOf(session.events, { audited: 'handler', pass: session.pass }).map((violation) => quote(violation.kind));
  const first = session.events[0]?.at ?? Date.UTC(2026, 0, 1);
  const seeded = session.events.some((event) => event.kind === 'request' && event.siret !== undefined);
  const body = [
    ...lines,
    '',
    '// What the Retry-After audit of the handler set says about this session.',
    `expect(siret.audit().violations.map((violation) => violation.kind)).toEqual([${kinds.join(', ')}]);`,
  ];
  return `// A session of the siret-mock demo, replayed: ${session.events.filter((event) => event.kind === 'request').length} requests.
// Needs msw, siret-mock and vitest: npx vitest run this-file.test.ts
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers, scenarios } from 'siret-mock/msw';

const BASE = ${quote(BASE)};
// A frozen clock that the replay moves to the time of each event (the handler set's clock adds its own offset on top).
let now = ${first};
const siret = createHandlers({ baseUrl: BASE, passes: [${quote(session.pass)}], clock: { now: () => now } });
const server = setupServer(...siret.handlers);
const at = (iso: string): void => {
  now += Date.parse(iso) - siret.clock.now();
};
const send = (path: string, headers: Record<string, string>): Promise<Response> => fetch(new URL(path, BASE), { headers });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('replays the demo session with the statuses it got', async () => {
${seeded ? '  let response: Response;\n' : ''}${body.map((line) => (line === '' ? '' : `  ${line}`)).join('\n')}
});
`;
}
