// one-route/app/api/v1/generate/route.ts: the mock on the one path of this route file, whatever the method.
import { createNextHandlers } from 'siret-mock/next';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = createNextHandlers();
