// The app: one button that asks the API for two companies, then lists them or says why it could not; and a SIRET form
// that looks one number up and shows the company, or the reason the service gives (invalid, unknown, rate limited).
import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { CompanyRecord, ErrorResponse, SiretLookupResponse } from 'siret-mock';

interface Company {
  siret: string;
  company: string;
  city: string;
}

function App() {
  const [companies, setCompanies] = useState<Company[]>([]);
  const [status, setStatus] = useState('');
  const load = async () => {
    const response = await fetch('/api/v1/generate?quantity=2');
    const body = await response.json();
    if (response.ok) {
      setCompanies(body.data);
      setStatus(`200: ${body.count} records, ${body.meta.rate_limit_remaining_minute} left this minute`);
    } else {
      setStatus(`${response.status}: ${body.message}`);
    }
  };
  return (
    <main>
      <h1>Companies</h1>
      <button type="button" onClick={() => void load()}>
        Load two companies
      </button>
      <p role="status">{status}</p>
      <ul>
        {companies.map((company) => (
          <li key={company.siret}>
            {company.company}, {company.city}, SIRET {company.siret}
          </li>
        ))}
      </ul>
    </main>
  );
}

function SiretForm() {
  const [siret, setSiret] = useState('');
  const [company, setCompany] = useState<CompanyRecord | undefined>();
  const [problem, setProblem] = useState('');
  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    // The number as typed: the service ignores spaces, dots and dashes, so the form need not strip them.
    const response = await fetch(`/api/v1/siret/${encodeURIComponent(siret)}`);
    if (response.ok) {
      setCompany(((await response.json()) as SiretLookupResponse).data);
      setProblem('');
      return;
    }
    const error = (await response.json()) as ErrorResponse & { reason?: string };
    setCompany(undefined);
    setProblem(`${response.status} ${error.error}${error.reason ? ` (${error.reason})` : ''}: ${error.message}`);
  };
  return (
    <form aria-label="Look up a SIRET" onSubmit={(event) => void lookUp(event)}>
      <label>
        SIRET <input value={siret} onChange={(event) => setSiret(event.target.value)} inputMode="numeric" />
      </label>
      <button type="submit">Look up</button>
      {company && (
        <article aria-label="Company">
          <h2>{company.company}</h2>
          <p>SIRET {company.siret}</p>
          <p>
            {company.street_address}, {company.postcode} {company.city}
          </p>
        </article>
      )}
      {problem && <p role="alert">{problem}</p>}
    </form>
  );
}

export function renderApp(): void {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
      <SiretForm />
    </StrictMode>,
  );
}
