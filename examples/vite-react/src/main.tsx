import { renderApp } from './app.tsx';

// src/main.ts: a dynamic import, so a production build never loads msw or siret-mock
async function enableMocking(): Promise<void> {
  if (!import.meta.env.DEV || import.meta.env.VITE_SIRET_MOCK === 'off') return;
  const [{ setupWorker }, { createHandlers }] = await Promise.all([import('msw/browser'), import('siret-mock/msw')]);
  await setupWorker(...createHandlers().handlers).start({ onUnhandledRequest: 'bypass' });
}

// The app renders even if the worker cannot start (service workers blocked, plain http on the LAN).
enableMocking()
  .catch((error: unknown) => console.warn('siret-mock: mocking is off:', error))
  .then(() => renderApp());
