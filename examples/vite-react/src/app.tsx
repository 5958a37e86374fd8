// The app: one button that asks the API for two companies, then lists them or says why it could not.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

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

export function renderApp(): void {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
