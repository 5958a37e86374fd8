// app/api/v1/[...path]/route.ts: the mock answers every /api/v1/* request of the app, whatever the method.
import { createNextHandlers } from 'siret-mock/next';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = createNextHandlers();
