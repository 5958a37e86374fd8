// one-route/app/api/v1/siret/[siret]/route.ts: the SIRET lookup, for an app whose route files each hold one path. This
// file is a mock of its own, with its own quota; the catch-all layout has one mock for every path.
import { createNextHandlers } from 'siret-mock/next';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = createNextHandlers();
