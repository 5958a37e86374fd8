import type { SessionEvent } from './session-log.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The minute row shows this much time, ending now. */
const MINUTE_SPAN_MS = 3 * MINUTE_MS;
const WIDTH = 600;
const LEFT = 70;
const RIGHT = 10;
const SVG = 'http://www.w3.org/2000/svg';

/** Colour class of a status: ok, limited (429), refused (other 4xx), failed (5xx or no answer). */
function statusClass(status: number | null): 'ok' | 'limited' | 'refused' | 'failed' {
  if (status === null || status >= 500) return 'failed';
  if (status === 429) return 'limited';
  return status >= 400 ? 'refused' : 'ok';
}

/**
 * The minute windows of the session, as the mock counts them: a window opens at the first counted request (answered by
 * the handler with 200, 400 or 403) when none is open, or when a quota state is set with requests in the minute; a reset
 * closes it.
 */
function minuteWindows(events: readonly SessionEvent[]): Array<{ start: number; end: number }> {
  const windows: Array<{ start: number; end: number }> = [];
  let open: { start: number; end: number } | undefined;
  const isOpen = (at: number): boolean => open !== undefined && at >= open.start && at < open.end;
  const openAt = (at: number): void => {
    open = { start: at, end: at + MINUTE_MS };
    windows.push(open);
  };
  for (const event of events) {
    if (event.kind === 'reset') {
      if (open !== undefined && isOpen(event.at)) open.end = event.at;
      open = undefined;
    } else if (event.kind === 'request') {
      const counted = event.audited && event.status !== null && [200, 400, 403].includes(event.status);
      if (counted && !isOpen(event.at)) openAt(event.at);
    } else if (event.kind === 'exhaust' && event.window === 'minute') {
      if (!isOpen(event.at)) openAt(event.at);
    } else if (event.kind === 'usage' && event.usage.minute !== undefined) {
      if (event.usage.minute === 0 && open !== undefined && isOpen(event.at)) open.end = event.at;
      else if (event.usage.minute > 0 && !isOpen(event.at)) openAt(event.at);
    }
  }
  return windows;
}

function node<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

const clockText = (at: number): string => new Date(at).toISOString().slice(11, 19);

/**
 * Draws the session's requests on two rows: the last three minutes with the minute windows shaded and their boundaries
 * drawn, and the UTC day (00:00 to 24:00) of `now`. Each request is a mark coloured by its status.
 */
export function drawTimeline(svg: SVGSVGElement, events: readonly SessionEvent[], now: number): void {
  const requests = events.filter((event) => event.kind === 'request');
  const scale = (from: number, span: number) => (at: number) => LEFT + ((at - from) / span) * (WIDTH - LEFT - RIGHT);
  const minuteFrom = now - MINUTE_SPAN_MS;
  const x = scale(minuteFrom, MINUTE_SPAN_MS);
  const dayFrom = Math.floor(now / DAY_MS) * DAY_MS;
  const dayX = scale(dayFrom, DAY_MS);
  const parts: SVGElement[] = [
    node('text', { x: 0, y: 34, class: 'axis-label' }, 'Minute'),
    node('text', { x: 0, y: 96, class: 'axis-label' }, 'Day (UTC)'),
    node('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: 45, y2: 45, class: 'axis' }),
    node('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: 105, y2: 105, class: 'axis' }),
    node('text', { x: LEFT, y: 58, class: 'tick' }, `${clockText(minuteFrom)}`),
    node('text', { x: WIDTH - RIGHT, y: 58, class: 'tick end' }, `${clockText(now)} now`),
    node('text', { x: LEFT, y: 118, class: 'tick' }, '00:00'),
    node('text', { x: (LEFT + WIDTH - RIGHT) / 2, y: 118, class: 'tick middle' }, '12:00'),
    node('text', { x: WIDTH - RIGHT, y: 118, class: 'tick end' }, '24:00'),
  ];
  for (const window of minuteWindows(events)) {
    if (window.end <= minuteFrom || window.start >= now) continue;
    const start = Math.max(LEFT, x(window.start));
    const end = Math.min(WIDTH - RIGHT, x(window.end));
    parts.push(node('rect', { x: start, y: 15, width: Math.max(1, end - start), height: 30, class: 'window' }));
    for (const edge of [window.start, window.end]) {
      if (edge >= minuteFrom && edge <= now) parts.push(node('line', { x1: x(edge), x2: x(edge), y1: 10, y2: 48, class: 'boundary' }));
    }
  }
  for (const request of requests) {
    const kind = statusClass(request.status);
    const label = `${clockText(request.at)} ${request.status ?? 'network error'}`;
    if (request.at >= minuteFrom && request.at <= now) {
      const mark = node('line', { x1: x(request.at), x2: x(request.at), y1: 20, y2: 42, class: `mark ${kind}` });
      mark.append(node('title', {}, label));
      parts.push(mark);
    }
    if (request.at >= dayFrom && request.at < dayFrom + DAY_MS) {
      const mark = node('line', { x1: dayX(request.at), x2: dayX(request.at), y1: 82, y2: 102, class: `mark ${kind}` });
      mark.append(node('title', {}, label));
      parts.push(mark);
    }
  }
  const counts = new Map<string, number>();
  for (const request of requests)
    counts.set(String(request.status ?? 'network error'), (counts.get(String(request.status ?? 'network error')) ?? 0) + 1);
  const summary = [...counts].map(([status, count]) => `${count} x ${status}`).join(', ');
  svg.setAttribute('viewBox', `0 0 ${WIDTH} 122`);
  svg.setAttribute('aria-label', requests.length === 0 ? 'No request yet' : `${requests.length} requests: ${summary}`);
  svg.replaceChildren(...parts);
}
