// A strict consumer of the packed tarball, type-checked by .ci/consumers.sh under every module setting a project may use
// (ESM + bundler, ESM + nodenext, CommonJS + nodenext, CommonJS + node16, node10). Not part of the repo's own typecheck:
// it imports the package by name, as a user does.
import { setupServer } from 'msw/node';
import { generateCompanies, isValidSiret, type CompanyRecord, type ErrorCode, type GenerateResponse } from 'siret-mock';
import {
  companyRecordStandardSchema,
  createHandlers,
  createRouteHandler,
  scenarios,
  type ErrorResponse,
  type HandlersOptions,
  type RecordsCollection,
  type RouteLike,
  type SiretMockHandlers,
} from 'siret-mock/msw';
import type { ErrorCode as MswErrorCode, GenerateResponse as MswGenerateResponse } from 'siret-mock/msw';

const options: HandlersOptions = { tier: 'free', seed: 42 };
const siret: SiretMockHandlers = createHandlers(options);
const server = setupServer(...siret.handlers, scenarios.rateLimited({ times: 0 }));

// A collection of the caller's own, typed by its create().
const kept: CompanyRecord[] = [];
const own: RecordsCollection = { create: (record) => kept.push(record), clear: () => (kept.length = 0) };
const recorded = createHandlers({ db: own });
const sameDb: RecordsCollection = recorded.db;
server.use(...recorded.handlers);

/** A Playwright `page.route` handler answering from the handler set. */
export const routeToSiret: (route: RouteLike) => Promise<void> = createRouteHandler(siret);

export async function firstSirets(): Promise<string[]> {
  server.listen();
  const response = await fetch('https://api.example.test/api/v1/generate?quantity=2');
  const body = (await response.json()) as GenerateResponse;
  const same: MswGenerateResponse = body;
  if (!response.ok) {
    const error = (await response.clone().json()) as ErrorResponse;
    const code: ErrorCode = error.error;
    const again: MswErrorCode = code;
    // The union narrows on the code: the 429's retry_after is a number, no `in` check needed.
    const wait: number = error.error === 'rate_limit_exceeded' ? error.retry_after : 0;
    throw new Error(`${again} ${wait}`);
  }
  if (same.meta.rate_limit_remaining_minute < -1) throw new Error('impossible');
  const checked = companyRecordStandardSchema['~standard'].validate(body.data[0]);
  if (checked.issues !== undefined) throw new Error(checked.issues.map((issue) => issue.message).join('; '));
  siret.reset();
  server.close();
  return [...body.data, ...generateCompanies(1, { seed: 1 }), ...kept]
    .map((record) => record.siret)
    .filter(isValidSiret)
    .concat(sameDb === own ? [] : ['?']);
}
