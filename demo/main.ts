import { bypass } from 'msw';
import { COMPANY_FIELDS, type CompanyRecord } from 'siret-mock';
import { setupLookupBox } from './lookup-box.js';
import { startMockBackend, type MockBackend } from './mock-backend.js';
import { httpLink } from './http-link.js';
import { parseCsv } from './parse-csv.js';
import { readQuotaHeaders } from './rate-limit-header.js';
import {
  createSessionLog,
  SCENARIO_NAMES,
  type PersistMode,
  type ScenarioName,
  type SessionAction,
  type SessionEvent,
} from './session-log.js';
import { auditOf, sessionAsTest } from './session-test.js';
import { drawTimeline } from './timeline.js';

// The demo page: one request form, two targets (the MSW worker in this page, or a running server), and a view of what a
// client sees: status, the headers that matter, quota meters, the 429 panel with its countdown, records and body.

const SHOWN_HEADERS = ['Content-Type', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'Content-Disposition'];
const BURST_SIZE = 12;
const MINUTE_MS = 60_000;
const PERSIST_KEY = 'siret-mock-demo:persist';
const PERSIST_MODES: readonly PersistMode[] = ['memory', 'session', 'local'];

type Target = 'worker' | 'server';

interface Exchange {
  url: string;
  elapsedMs: number;
  response?: Response;
  text?: string;
  failure?: string;
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`demo page is missing #${id}`);
  return found as T;
}

const ui = {
  form: element<HTMLFormElement>('request-form'),
  serverUrl: element<HTMLInputElement>('server-url'),
  targetNote: element<HTMLParagraphElement>('target-note'),
  quantity: element<HTMLInputElement>('quantity'),
  tier: element<HTMLSelectElement>('tier'),
  passToken: element<HTMLInputElement>('pass-token'),
  seed: element<HTMLInputElement>('seed'),
  format: element<HTMLSelectElement>('format'),
  scenario: element<HTMLSelectElement>('scenario'),
  send: element<HTMLButtonElement>('send'),
  burst: element<HTMLButtonElement>('burst'),
  advance: element<HTMLButtonElement>('advance'),
  reset: element<HTMLButtonElement>('reset'),
  mockHint: element<HTMLParagraphElement>('mock-controls-hint'),
  status: element<HTMLParagraphElement>('status'),
  rateLimitPanel: element<HTMLDivElement>('rate-limit-panel'),
  rateLimitMessage: element<HTMLParagraphElement>('rate-limit-message'),
  countdown: element<HTMLElement>('countdown'),
  countdownDone: element<HTMLElement>('countdown-done'),
  upgradeLink: element<HTMLAnchorElement>('upgrade-link'),
  errorPanel: element<HTMLDivElement>('error-panel'),
  errorMessage: element<HTMLParagraphElement>('error-message'),
  errorUpgrade: element<HTMLParagraphElement>('error-upgrade'),
  errorUpgradeLink: element<HTMLAnchorElement>('error-upgrade-link'),
  minuteMeter: element<HTMLMeterElement>('minute-meter'),
  minuteText: element<HTMLSpanElement>('minute-text'),
  dayMeter: element<HTMLMeterElement>('day-meter'),
  dayText: element<HTMLSpanElement>('day-text'),
  headers: element<HTMLDListElement>('headers'),
  download: element<HTMLParagraphElement>('download'),
  downloadLink: element<HTMLAnchorElement>('download-link'),
  records: element<HTMLTableElement>('records'),
  recordsNote: element<HTMLParagraphElement>('records-note'),
  body: element<HTMLPreElement>('body'),
  persist: element<HTMLSelectElement>('persist'),
  usage3Left: element<HTMLButtonElement>('usage-3-left'),
  exhaustMinute: element<HTMLButtonElement>('exhaust-minute'),
  exhaustDay: element<HTMLButtonElement>('exhaust-day'),
  newSession: element<HTMLButtonElement>('new-session'),
  timeline: document.getElementById('timeline') as unknown as SVGSVGElement,
  timelineNote: element<HTMLParagraphElement>('timeline-note'),
  verdict: element<HTMLDivElement>('audit-verdict'),
  copyTest: element<HTMLButtonElement>('copy-test'),
  testCode: element<HTMLTextAreaElement>('test-code'),
  testDetails: element<HTMLDetailsElement>('test-details'),
};

// Where the mock keeps its quota (and this page its session): chosen in the page, kept in localStorage, applied on load.
const storedMode = localStorage.getItem(PERSIST_KEY) as PersistMode | null;
const persistMode: PersistMode = storedMode !== null && PERSIST_MODES.includes(storedMode) ? storedMode : 'memory';
ui.persist.value = persistMode;
const session = createSessionLog(persistMode, ui.passToken.value);
let activeScenario: ScenarioName | null = null;

let backend: MockBackend | undefined;
let backendProblem: string | undefined;
let countdownTimer: ReturnType<typeof setInterval> | undefined;
let countdownSeconds = 0;
let downloadUrl: string | undefined;
let busy = false;

function currentTarget(): Target {
  const checked = ui.form.querySelector<HTMLInputElement>('input[name="target"]:checked');
  return checked?.value === 'server' ? 'server' : 'worker';
}

/** The URL of a service path (`api/v1/generate?...`) on the current target, with the seed of the form when it has one. */
function targetUrl(path: string, params = new URLSearchParams()): string {
  if (ui.seed.value.trim() !== '') params.set('seed', ui.seed.value.trim());
  const query = params.size > 0 ? `?${params}` : '';
  if (currentTarget() === 'server') return `${ui.serverUrl.value.replace(/\/+$/, '')}/${path}${query}`;
  return new URL(`${path}${query}`, document.baseURI).href;
}

function buildUrl(): string {
  const params = new URLSearchParams();
  // Sent as typed (no clamping in the page) so the service's own 400s can be seen.
  if (ui.quantity.value !== '') params.set('quantity', ui.quantity.value.trim());
  if (ui.format.value === 'csv') params.set('format', 'csv');
  return targetUrl('api/v1/generate', params);
}

/** A request to the current target, with the pass of the lifetime tier. */
function targetRequest(url: string, accept = 'application/json'): Request {
  const headers = new Headers({ Accept: accept });
  if (ui.tier.value === 'lifetime') headers.set('Authorization', `Bearer ${ui.passToken.value.trim()}`);
  const request = new Request(url, { headers, cache: 'no-store' });
  // A server on the page's own origin (the built demo served by `npm start`) is under the worker's base URL: without
  // this, the worker would answer for it. Cross-origin servers are outside the worker's handlers already.
  return currentTarget() === 'server' && new URL(url).origin === location.origin ? bypass(request) : request;
}

async function exchange(): Promise<Exchange> {
  const url = buildUrl();
  const request = targetRequest(url, ui.format.value === 'csv' ? 'text/csv' : 'application/json');
  const headers = request.headers;
  const started = performance.now();
  const sentAt = backend?.now();
  let result: Exchange;
  try {
    const response = await fetch(request);
    const text = await response.text();
    result = { url, response, text, elapsedMs: performance.now() - started };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    result = { url, failure: reason, elapsedMs: performance.now() - started };
  }
  if (currentTarget() === 'worker' && backend && sentAt !== undefined) record(backend, result, headers, sentAt);
  return result;
}

/** Adds a request to the session: the time the mock's handler saw it (or the time it was sent, for a scenario's answer). */
function record(mock: MockBackend, result: Exchange, headers: Headers, sentAt: number): void {
  // Scenarios other than `slow` answer in front of the mock's handler, which then neither counts nor audits the request;
  // the handler does not audit a request on the lifetime pass either.
  const token = /^Bearer (.*)$/.exec(headers.get('authorization') ?? '')?.[1];
  const audited = (activeScenario === null || activeScenario === 'slow') && token !== session.read().pass;
  const status = result.response?.status ?? null;
  const seen = audited ? mock.lastAudited() : undefined;
  const url = new URL(result.url);
  const event: SessionEvent = {
    kind: 'request',
    at: seen?.at ?? sentAt,
    path: url.href.slice(mock.baseUrl.length),
    accept: headers.get('accept') ?? '*/*',
    status,
    audited,
  };
  if (token !== undefined) event.token = token;
  const retryAfter = result.response?.headers.get('retry-after');
  if (status === 429 && retryAfter) event.retryAfter = retryAfter;
  const json = status === 200 && url.searchParams.has('seed') ? parseJson(result.text ?? '') : undefined;
  const siret = isObject(json) && Array.isArray(json.data) && isObject(json.data[0]) ? json.data[0].siret : undefined;
  if (typeof siret === 'string') event.siret = siret;
  session.append(event);
  showSession();
}

/** Adds a quota or clock action to the session. */
function act(event: SessionAction, run: (mock: MockBackend) => void): void {
  if (!backend) return;
  const at = backend.now();
  run(backend);
  session.append({ ...event, at } as SessionEvent);
  showSession();
}

/** Redraws the timeline and the audit's verdict from the session log. */
function showSession(): void {
  const { events } = session.read();
  drawTimeline(ui.timeline, events, backend?.now() ?? Date.now());
  const requests = events.filter((event) => event.kind === 'request').length;
  const kept = { memory: 'this page load', session: 'this tab, across reloads', local: 'every tab of this origin, across reloads' }[
    persistMode
  ];
  ui.timelineNote.textContent = `${requests} request${requests === 1 ? '' : 's'} to the mock in this session (kept: ${kept}).`;
  const violations = auditOf(events, { audited: 'all', pass: session.read().pass });
  ui.verdict.className = `panel ${violations.length === 0 ? 'ok' : 'warning'}`;
  const heading = document.createElement('strong');
  heading.textContent =
    violations.length === 0
      ? 'Retry-After audit: no violation. Every request after a 429 waited out its Retry-After.'
      : `Retry-After audit: ${violations.length} violation${violations.length === 1 ? '' : 's'}.`;
  const list = document.createElement('ul');
  list.append(
    ...violations.slice(-5).map((violation) => {
      const item = document.createElement('li');
      item.textContent = `${violation.kind}: ${violation.message}`;
      return item;
    }),
  );
  ui.verdict.replaceChildren(heading, ...(violations.length ? [list] : []));
  ui.copyTest.disabled = requests === 0;
}

function setBusy(value: boolean): void {
  busy = value;
  ui.send.disabled = value;
  ui.burst.disabled = value;
  ui.form.setAttribute('aria-busy', String(value));
}

async function send(): Promise<void> {
  if (busy || !(await ready())) return;
  setBusy(true);
  ui.status.textContent = 'Sending...';
  try {
    render(await exchange());
  } finally {
    setBusy(false);
  }
}

async function burst(): Promise<void> {
  if (busy || !(await ready())) return;
  setBusy(true);
  const statuses = new Map<string, number>();
  let last: Exchange | undefined;
  let lastSuccess: Exchange | undefined;
  try {
    // One after the other, like a client retrying in a loop: the order of 200s and 429s is then the quota's order.
    for (let i = 0; i < BURST_SIZE; i++) {
      ui.status.textContent = `Burst: request ${i + 1} of ${BURST_SIZE}...`;
      last = await exchange();
      const key = last.response ? String(last.response.status) : 'network error';
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (last.response?.ok) lastSuccess = last;
    }
  } finally {
    setBusy(false);
  }
  if (!last) return;
  // A burst that ends in errors still shows the records of its last success (the table keeps them, marked as such).
  if (lastSuccess && lastSuccess !== last) render(lastSuccess);
  render(last);
  const summary = [...statuses].map(([status, count]) => `${count} x ${status}`).join(', ');
  ui.status.textContent = `Burst of ${BURST_SIZE}: ${summary}. Last: ${ui.status.textContent}`;
}

async function ready(): Promise<boolean> {
  if (currentTarget() === 'server' || backend) return true;
  ui.status.textContent = backendProblem ?? 'The mock is still starting; try again in a moment.';
  return false;
}

function render(result: Exchange): void {
  const { response, text = '' } = result;
  const elapsed = `${Math.round(result.elapsedMs)} ms`;
  ui.headers.replaceChildren();
  clearDownload();
  if (!response) {
    hidePanels();
    ui.status.textContent = `Network error after ${elapsed}: ${result.failure ?? 'no response'}`;
    ui.body.textContent = '';
    showErrorPanel(`The request did not get a response (${result.failure ?? 'network error'}).`);
    markRecordsStale();
    return;
  }

  const contentType = response.headers.get('Content-Type') ?? '';
  ui.status.textContent = `${response.status} ${response.statusText || statusText(response.status)} · ${contentType || 'no content type'} · ${elapsed}`;
  for (const name of SHOWN_HEADERS) {
    const value = response.headers.get(name);
    if (value === null) continue;
    const term = document.createElement('dt');
    term.textContent = name;
    const definition = document.createElement('dd');
    definition.textContent = value;
    ui.headers.append(term, definition);
  }
  if (ui.headers.childElementCount === 0) ui.headers.textContent = 'None of the quota or content headers were sent.';

  const json = contentType.includes('json') ? parseJson(text) : undefined;
  ui.body.textContent = json === undefined ? text : JSON.stringify(json, null, 2);
  updateMeters(response.headers, json);
  hidePanels();

  if (response.ok && contentType.startsWith('text/csv')) {
    const rows = parseCsv(text);
    renderRecords(rows.slice(1).map((cells) => Object.fromEntries(COMPANY_FIELDS.map((field, i) => [field, cells[i] ?? '']))));
    offerDownload(text, response.headers.get('Content-Disposition'));
    return;
  }
  const body = isObject(json) ? json : {};
  if (response.ok) renderRecords(Array.isArray(body.data) ? (body.data as Partial<CompanyRecord>[]) : []);
  else markRecordsStale();
  if (response.status === 429) showRateLimitPanel(body, response.headers.get('Retry-After'));
  else if (!response.ok) {
    const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    const code = typeof body.error === 'string' ? ` (${body.error})` : '';
    showErrorPanel(`${message}${code}`, httpLink(body.upgrade, document.baseURI));
  } else stopCountdown();
}

function statusText(status: number): string {
  return (
    (
      {
        200: 'OK',
        400: 'Bad Request',
        401: 'Unauthorized',
        403: 'Forbidden',
        429: 'Too Many Requests',
        500: 'Internal Server Error',
      } as Record<number, string>
    )[status] ?? ''
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// An error answer carries no records: the table keeps the last successful ones, and says so.
function markRecordsStale(): void {
  if (ui.records.tBodies[0]?.rows.length) ui.recordsNote.textContent = 'From the last successful response; this one had no records.';
}

function renderRecords(records: Partial<CompanyRecord>[]): void {
  ui.recordsNote.textContent = `${records.length} record${records.length === 1 ? '' : 's'} in this response.`;
  const body = ui.records.tBodies[0] ?? ui.records.createTBody();
  // On phones each row is a card and each cell shows its column heading (CSS attr(data-label)).
  const headings = [...(ui.records.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent ?? '');
  body.replaceChildren(
    ...records.map((record) => {
      const row = document.createElement('tr');
      COMPANY_FIELDS.forEach((field, i) => {
        const cell = document.createElement('td');
        cell.textContent = record[field] ?? '';
        cell.dataset.label = headings[i] ?? field;
        row.append(cell);
      });
      return row;
    }),
  );
}

function updateMeters(headers: Headers, json: unknown): void {
  const windows = readQuotaHeaders(headers);
  const meta = isObject(json) && isObject(json.meta) ? json.meta : {};
  setMeter(ui.minuteMeter, ui.minuteText, windows.minute?.remaining ?? numberOr(meta.rate_limit_remaining_minute), windows.minute?.quota);
  setMeter(ui.dayMeter, ui.dayText, windows.day?.remaining ?? numberOr(meta.rate_limit_remaining_day), windows.day?.quota);
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function setMeter(meter: HTMLMeterElement, label: HTMLElement, remaining: number | undefined, quota: number | undefined): void {
  if (remaining === -1) {
    meter.max = 1;
    meter.value = 1;
    label.textContent = 'unlimited (lifetime pass)';
    return;
  }
  if (remaining === undefined) {
    label.textContent = 'not reported by this response';
    return;
  }
  const max = quota ?? Math.max(meter.max, remaining);
  meter.max = max;
  meter.value = remaining;
  meter.low = Math.max(1, Math.round(max * 0.2));
  meter.optimum = max;
  label.textContent = `${remaining} of ${max} left`;
}

function hidePanels(): void {
  ui.rateLimitPanel.hidden = true;
  ui.errorPanel.hidden = true;
}

function showErrorPanel(message: string, upgrade?: string): void {
  stopCountdown();
  ui.errorMessage.textContent = message;
  ui.errorUpgrade.hidden = upgrade === undefined;
  if (upgrade !== undefined) ui.errorUpgradeLink.href = upgrade;
  ui.errorPanel.hidden = false;
}

function showRateLimitPanel(body: Record<string, unknown>, retryAfterHeader: string | null): void {
  ui.rateLimitMessage.textContent = typeof body.message === 'string' ? body.message : 'Too many requests.';
  const retryAfter = typeof body.retry_after === 'number' ? body.retry_after : Number(retryAfterHeader ?? 0);
  // Only an http(s) link: the body comes from whichever server the page was pointed at.
  const upgrade = httpLink(body.upgrade, document.baseURI);
  ui.upgradeLink.href = upgrade ?? '#';
  ui.upgradeLink.parentElement!.hidden = upgrade === undefined;
  ui.rateLimitPanel.hidden = false;
  startCountdown(Number.isFinite(retryAfter) ? retryAfter : 0);
}

function startCountdown(seconds: number): void {
  stopCountdown();
  countdownSeconds = Math.max(0, Math.floor(seconds));
  showCountdown();
  countdownTimer = setInterval(() => {
    countdownSeconds = Math.max(0, countdownSeconds - 1);
    showCountdown();
    if (countdownSeconds === 0) stopCountdown();
  }, 1000);
}

function showCountdown(): void {
  ui.countdown.textContent = String(countdownSeconds);
  ui.countdownDone.hidden = countdownSeconds > 0;
}

function stopCountdown(): void {
  if (countdownTimer !== undefined) clearInterval(countdownTimer);
  countdownTimer = undefined;
}

function clearDownload(): void {
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = undefined;
  ui.download.hidden = true;
}

function offerDownload(text: string, disposition: string | null): void {
  downloadUrl = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  ui.downloadLink.href = downloadUrl;
  ui.downloadLink.download = /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'siret-export.csv';
  ui.download.hidden = false;
}

function syncTarget(): void {
  const server = currentTarget() === 'server';
  ui.serverUrl.disabled = !server;
  for (const control of [ui.advance, ui.reset, ui.scenario, ui.usage3Left, ui.exhaustMinute, ui.exhaustDay, ui.newSession])
    control.disabled = server;
  ui.targetNote.textContent = server
    ? 'Requests go to the server with CORS. Start it with `npm start` (add `-- --pass demo-lifetime-pass` for the lifetime tier). The server keeps its own quota and clock: restart it to reset them.'
    : 'Requests are answered in this page by the MSW service worker; the clock, quota and scenario controls act on it.';
  ui.mockHint.textContent = server
    ? 'Clock, quota reset and scenarios are off: they only act on the mock in this page.'
    : 'The clock and quota buttons act on the mock in this page.';
}

function syncFormat(): void {
  ui.passToken.disabled = ui.tier.value !== 'lifetime';
}

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  void send();
});
ui.burst.addEventListener('click', () => void burst());
ui.advance.addEventListener('click', () => {
  if (!backend) return;
  act({ kind: 'advance', ms: MINUTE_MS }, (mock) => mock.advanceClock(MINUTE_MS));
  if (countdownTimer !== undefined) {
    countdownSeconds = Math.max(0, countdownSeconds - MINUTE_MS / 1000);
    showCountdown();
    if (countdownSeconds === 0) stopCountdown();
  }
  ui.status.textContent = 'Mock clock moved forward 1 minute. Send again to see the new quota.';
});
ui.reset.addEventListener('click', () => {
  if (!backend) return;
  act({ kind: 'reset' }, (mock) => mock.reset());
  hidePanels();
  stopCountdown();
  setMeter(ui.minuteMeter, ui.minuteText, ui.minuteMeter.max, undefined);
  setMeter(ui.dayMeter, ui.dayText, ui.dayMeter.max, undefined);
  ui.status.textContent = 'Quota reset: the mock forgot every request.';
});
ui.scenario.addEventListener('change', () => {
  const name = ui.scenario.value as ScenarioName | 'none';
  activeScenario = name === 'none' ? null : name;
  act({ kind: 'scenario', name: activeScenario }, (mock) => mock.setScenario(activeScenario ?? undefined));
  ui.status.textContent =
    name === 'none' ? 'Scenario cleared: normal answers.' : `Scenario "${ui.scenario.selectedOptions[0]?.text}" is on for every request.`;
});
for (const radio of ui.form.querySelectorAll<HTMLInputElement>('input[name="target"]')) radio.addEventListener('change', syncTarget);
ui.usage3Left.addEventListener('click', () => {
  act({ kind: 'usage', usage: { minute: 6 } }, (mock) => mock.setUsage({ minute: 6 }));
  ui.status.textContent = 'Quota set: 6 requests counted this minute; the next answer reports 3 left.';
});
ui.exhaustMinute.addEventListener('click', () => {
  act({ kind: 'exhaust', window: 'minute' }, (mock) => mock.exhaust('minute'));
  ui.status.textContent = 'Minute used up: the next requests get 429 until the minute window ends.';
});
ui.exhaustDay.addEventListener('click', () => {
  act({ kind: 'exhaust', window: 'day' }, (mock) => mock.exhaust('day'));
  ui.status.textContent = 'Day used up: the next requests get 429 until 00:00 UTC.';
});
ui.newSession.addEventListener('click', () => {
  if (!backend) return;
  backend.reset();
  backend.setScenario(undefined);
  activeScenario = null;
  ui.scenario.value = 'none';
  session.clear();
  ui.testDetails.open = false;
  showSession();
  ui.status.textContent = 'New session: fresh quota, clock back, no scenario, empty timeline.';
});
ui.persist.addEventListener('change', () => {
  localStorage.setItem(PERSIST_KEY, ui.persist.value);
  // The mock is made once per page load, with the chosen storage.
  location.reload();
});
ui.copyTest.addEventListener('click', () => {
  const code = sessionAsTest(session.read());
  ui.testCode.value = code;
  ui.testDetails.open = true;
  const copied = navigator.clipboard ? navigator.clipboard.writeText(code) : Promise.reject(new Error('no clipboard'));
  copied.then(
    () => (ui.status.textContent = 'Copied: a Vitest file that replays this session. Also shown below.'),
    () => (ui.status.textContent = 'The clipboard is not available here: copy the test from the box below.'),
  );
});
setInterval(showSession, 5_000);
ui.tier.addEventListener('change', syncFormat);

// Built, the page is served by `siret-mock serve` (or `vite preview` with the plugin), so the API is on the page's own
// origin, whatever its port; under `npm run demo` (Vite's dev server) the server is the CLI's default, 127.0.0.1:3000.
if (!(import.meta as ImportMeta & { env?: { DEV?: boolean } }).env?.DEV && /^https?:$/.test(location.protocol))
  ui.serverUrl.value = location.origin;
syncTarget();
syncFormat();
setupLookupBox({
  urlOf: (path) => targetUrl(path),
  send: async (url) => {
    if (!(await ready())) throw new Error(ui.status.textContent ?? 'the mock is not ready');
    return fetch(targetRequest(url));
  },
  onAnswer: (response, body) => updateMeters(response.headers, body),
});
for (const option of ui.scenario.options) {
  if (option.value !== 'none' && !SCENARIO_NAMES.includes(option.value as ScenarioName)) option.remove();
}

startMockBackend({ passToken: ui.passToken.value, persist: persistMode }).then(
  (started) => {
    backend = started;
    // A session kept from an earlier page load may have ended with a scenario on: this page starts without one.
    const scenarios = session.read().events.filter((event) => event.kind === 'scenario');
    if (scenarios.at(-1)?.name) act({ kind: 'scenario', name: null }, () => undefined);
    document.body.dataset.mock = 'ready';
    showSession();
  },
  (error: unknown) => {
    backendProblem = `The MSW worker could not start (${error instanceof Error ? error.message : String(error)}). Use a running server instead.`;
    ui.status.textContent = backendProblem;
    document.body.dataset.mock = 'failed';
  },
);
