// app/page.tsx: a server component that calls the mock in-process, with no HTTP round trip. Every render is one call from
// your server, so all visitors share its free tier of 10 a minute, as they would with the real service.
import { createNextHandlers } from 'siret-mock/next';
import type { CompanyRecord, ErrorResponse, GenerateResponse } from 'siret-mock';

const siret = createNextHandlers();

export const dynamic = 'force-dynamic'; // rendered on each request, not once at build time

export default async function Page() {
  const response = await siret.fetch(new Request('http://localhost/api/v1/generate?quantity=3'));
  if (!response.ok) {
    const error = (await response.json()) as ErrorResponse;
    return <p role="alert">{`${response.status}: ${error.message}`}</p>;
  }
  const { data } = (await response.json()) as GenerateResponse;
  return (
    <ul>
      {data.map((record: CompanyRecord) => (
        <li key={record.siret}>{`${record.company}, ${record.city}, SIRET ${record.siret}`}</li>
      ))}
    </ul>
  );
}
