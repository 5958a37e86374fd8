// vite.config.ts: Vite copies public/ into every build; this plugin leaves MSW's worker out of production builds.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    {
      name: 'leave-out-msw-worker',
      apply: 'build',
      writeBundle: (output) => rmSync(join(output.dir ?? 'dist', 'mockServiceWorker.js'), { force: true }),
    },
  ],
});
