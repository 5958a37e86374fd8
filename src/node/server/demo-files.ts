import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticMiddleware } from 'srvx/static';
import { isServicePath, type RequestContext, type HeaderList } from '../../http/index.js';

type Site = (request: Request, context: RequestContext) => Promise<Response>;

// The demo page: scripts, styles and workers from its own origin only, requests to any http(s) server (its server switch),
// and no framing by another page.
const DEMO_HEADERS: HeaderList = [
  [
    'content-security-policy',
    "default-src 'self'; connect-src 'self' http: https:; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  ],
  ['x-frame-options', 'DENY'],
];
const NO_FILE = new Response(null, { status: 404 });

// The demo is built into the package's dist/demo. Compiled, this code sits somewhere under dist/ (an entry point or a shared
// chunk: tsdown.config.mjs decides); from the TypeScript sources (src/node, run through tsx) it is the repository's dist/demo.
function defaultDemoDir(): string {
  const url = import.meta.url;
  const dist = url.lastIndexOf('/dist/');
  const compiled = dist !== -1 && !url.endsWith('.ts');
  return fileURLToPath(compiled ? new URL('demo/', url.slice(0, dist + '/dist/'.length)) : new URL('../../../dist/demo/', url));
}

/**
 * The app behind the files of a built demo folder (one with an `index.html`; the package's own by default), served
 * through `srvx/static` for GET and HEAD: the service's paths always go to the app; any other path is a file of the demo
 * (never one outside the folder, through `..` or a symlink), or the app's 404. `undefined` when there is no demo to serve.
 */
export function withDemoFiles(app: Site, folder: string | false | undefined, control: boolean): Site | undefined {
  const dir = folder ?? defaultDemoDir();
  if (dir === false || !existsSync(join(dir, 'index.html'))) return undefined;
  const files = staticMiddleware({ dir, compress: false, ranges: false });
  const none = (): Response => NO_FILE;
  return async (request, context) => {
    const path = new URL(request.url).pathname;
    const found = isServicePath(path, 'server', control) ? undefined : await files(request as never, none);
    if (found === undefined || found === NO_FILE || found.status >= 400) return app(request, context);
    // Vite fingerprints asset names; index.html must be revalidated so a rebuilt demo is picked up.
    found.headers.set('cache-control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    found.headers.set('x-content-type-options', 'nosniff');
    if (found.headers.get('content-type')?.startsWith('text/html'))
      for (const [name, value] of DEMO_HEADERS) found.headers.set(name, value);
    return found;
  };
}
