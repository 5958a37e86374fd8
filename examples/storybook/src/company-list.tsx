// The component under review: it asks the API for three companies on mount and shows them, the quota left, or the refusal.
import { useEffect, useState } from 'react';

interface Company {
  siret: string;
  company: string;
  city: string;
}

type State = { kind: 'loading' } | { kind: 'list'; companies: Company[]; left: number } | { kind: 'error'; text: string };

export function CompanyList() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    void (async () => {
      const response = await fetch('/api/v1/generate?quantity=3');
      const body = await response.json();
      if (!current) return;
      if (response.ok) setState({ kind: 'list', companies: body.data, left: body.meta.rate_limit_remaining_minute });
      else setState({ kind: 'error', text: `${body.message} Retry in ${response.headers.get('Retry-After')} s.` });
    })();
    return () => {
      current = false;
    };
  }, []);

  if (state.kind === 'loading') return <p role="status">Loading…</p>;
  if (state.kind === 'error') return <p role="alert">{state.text}</p>;
  return (
    <section>
      <p role="status">{`${state.left} requests left this minute`}</p>
      <ul>
        {state.companies.map((company) => (
          <li key={company.siret}>{`${company.company}, ${company.city}, SIRET ${company.siret}`}</li>
        ))}
      </ul>
    </section>
  );
}
