import {
  parseSiren,
  parseSiret,
  stripSeparators,
  type CompanyRecord,
  type ErrorResponse,
  type SirenLookupResponse,
  type SiretLookupResponse,
} from 'siret-mock';

// The lookup box: a SIRET or SIREN checked as it is typed (the checks the service runs: digits, length, La Poste's rule,
// Luhn), then looked up on the page's target; it shows what a company form would: the card, the 404 or the 429.

/** What the box needs from the page: the URL of a service path on the current target, and a way to send a request to it. */
export interface LookupTarget {
  urlOf(path: string): string;
  send(url: string): Promise<Response>;
  /** Called with every answer, for the quota meters. */
  onAnswer(response: Response, body: unknown): void;
}

/** The check of what is typed so far: a number to look up (`path`), or a sentence saying what is missing or wrong. */
function checkNumber(value: string): { path?: string; note: string } {
  const digits = stripSeparators(value.trim());
  if (digits === '') return { note: 'Type a SIREN (9 digits) or a SIRET (14); spaces, dots and dashes are fine.' };
  const typed = parseSiret(value);
  if (!typed.valid && typed.reason === 'digits') return { note: `Not a number: ${typed.message} (digits).` };
  if (digits.length !== 9 && digits.length !== 14) return { note: `${digits.length} digits: a SIREN has 9, a SIRET 14 (length).` };
  const kind = digits.length === 9 ? 'siren' : 'siret';
  const parsed = kind === 'siren' ? parseSiren(digits) : typed;
  if (!parsed.valid) return { note: `Not a valid ${kind.toUpperCase()}: ${parsed.message} (${parsed.reason}).` };
  return { path: `${kind}/${digits}`, note: `A valid ${kind.toUpperCase()}: look it up.` };
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`demo page is missing #${id}`);
  return found as T;
}

function node<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className !== undefined) made.className = className;
  return made;
}

/** A company card: the record's name, numbers and address, then any extra field the service is configured with. */
function card(record: CompanyRecord & Record<string, unknown>, heading: string): HTMLElement {
  const article = node('article', undefined, 'company-card');
  const list = node('dl');
  const rows: Array<[string, unknown]> = [
    ['SIRET', record.siret],
    ['SIREN', record.siren],
    ['Address', `${record.street_address}, ${record.postcode} ${record.city}`],
    ...Object.entries(record).filter(([name]) => !['siret', 'siren', 'company', 'street_address', 'city', 'postcode'].includes(name)),
  ];
  for (const [name, value] of rows) list.append(node('dt', name), node('dd', typeof value === 'string' ? value : JSON.stringify(value)));
  article.append(node('p', heading, 'note'), node('h3', record.company), list);
  return article;
}

/** Wires the lookup box of the page to `target`. */
export function setupLookupBox(target: LookupTarget): void {
  const form = element<HTMLFormElement>('lookup-form');
  const input = element<HTMLInputElement>('lookup-number');
  const check = element<HTMLElement>('lookup-check');
  const button = element<HTMLButtonElement>('lookup-send');
  const result = element<HTMLDivElement>('lookup-result');

  const sync = (): void => {
    const checked = checkNumber(input.value);
    check.textContent = checked.note;
    check.className = checked.path ? 'valid' : input.value.trim() === '' ? '' : 'invalid';
    input.setAttribute('aria-invalid', String(checked.path === undefined && input.value.trim() !== ''));
    button.disabled = checked.path === undefined;
  };

  const panel = (kind: 'error' | 'warning', heading: string, ...lines: Array<string | HTMLElement>): HTMLElement => {
    const div = node('div', undefined, `panel ${kind}`);
    div.append(node('h3', heading), ...lines.map((line) => (typeof line === 'string' ? node('p', line) : line)));
    return div;
  };

  const lookUp = async (path: string): Promise<void> => {
    button.disabled = true;
    result.replaceChildren(node('p', 'Looking up...', 'note'));
    try {
      const response = await target.send(target.urlOf(`api/v1/${path}`));
      const body = (await response.json()) as unknown;
      target.onAnswer(response, body);
      result.replaceChildren(render(response, body));
    } catch (error) {
      result.replaceChildren(panel('error', 'No answer', `The request did not get a response (${String(error)}).`));
    } finally {
      sync();
    }
  };

  const render = (response: Response, body: unknown): HTMLElement => {
    if (response.ok && 'count' in (body as object)) {
      const unit = body as SirenLookupResponse;
      const [head, ...others] = unit.data as Array<CompanyRecord & Record<string, unknown>>;
      const wrap = node('div');
      if (head) wrap.append(card(head, `Unit ${head.siren}: ${unit.establishment_count} establishment(s); the head office`));
      if (others.length > 0) {
        const list = node('ul', undefined, 'establishments');
        list.append(...others.map((other) => node('li', `${other.siret}: ${other.street_address}, ${other.postcode} ${other.city}`)));
        wrap.append(node('p', `Its other establishments (${others.length} listed, latest first):`), list);
      }
      return wrap;
    }
    if (response.ok) return card((body as SiretLookupResponse).data as CompanyRecord & Record<string, unknown>, 'Establishment');
    const error = body as ErrorResponse & { reason?: string; siren?: string };
    if (error.error === 'rate_limit_exceeded')
      return panel('warning', 'Rate limit reached', error.message, `Retry in ${error.retry_after} s (Retry-After).`);
    if (error.error === 'not_found') {
      const unit = error.siren;
      const more = unit ? node('button', `Look up unit ${unit}`) : undefined;
      if (more && unit) {
        more.type = 'button';
        more.addEventListener('click', () => {
          input.value = unit;
          sync();
          void lookUp(`siren/${stripSeparators(unit)}`);
        });
      }
      return panel('error', `No company with this number (${error.reason ?? 'not_found'})`, error.message, ...(more ? [more] : []));
    }
    return panel('error', `Refused: ${error.error}${error.reason ? ` (${error.reason})` : ''}`, error.message);
  };

  input.addEventListener('input', sync);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const checked = checkNumber(input.value);
    if (checked.path) void lookUp(checked.path);
  });
  sync();
}
