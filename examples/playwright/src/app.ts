// The app under test: one button that asks the API for two companies and says what came back.
interface Company {
  siret: string;
  company: string;
  city: string;
}

export function renderApp(): void {
  const root = document.querySelector('#app') as HTMLElement;
  root.innerHTML = '<h1>Companies</h1><button type="button">Load two companies</button><p role="status"></p><ul></ul>';
  const [button, status, list] = [root.querySelector('button'), root.querySelector('p'), root.querySelector('ul')] as HTMLElement[];
  button.addEventListener('click', async () => {
    status.textContent = '';
    try {
      const response = await fetch('/api/v1/generate?quantity=2');
      const body = await response.json();
      if (response.ok) {
        list.replaceChildren(
          ...body.data.map((record: Company) =>
            Object.assign(document.createElement('li'), { textContent: `${record.company}, ${record.city}, SIRET ${record.siret}` }),
          ),
        );
        status.textContent = `200: ${body.count} records, ${body.meta.rate_limit_remaining_minute} left this minute`;
      } else {
        status.textContent = `${response.status}: ${body.error}, retry in ${response.headers.get('Retry-After')} s`;
      }
    } catch (error) {
      status.textContent = `failed: ${String(error)}`;
    }
  });
}
