// vite.config.ts: in `vite dev` the page's MSW worker answers; siret-mock's plugin answers /api/v1/* for every other client
// of the dev server and in `vite preview`, where the production build runs without the worker.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { siretMock } from 'siret-mock/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    react(),
    siretMock(),
    // Vite copies public/ into every build: this leaves MSW's worker script out of it.
    {
      name: 'leave-out-msw-worker',
      apply: 'build',
      writeBundle: (output) => rmSync(join(output.dir ?? 'dist', 'mockServiceWorker.js'), { force: true }),
    },
  ],
});
