import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Serves the files of one folder; answers `false` when the request is not for one of them. */
export type StaticFiles = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Serves the built demo (or any folder holding an `index.html`) for GET and HEAD: `/` is `index.html`, other paths map to
 * files inside the folder and never outside it. Returns `undefined` when the folder has no `index.html`.
 */
export function createStaticFiles(folder: string): StaticFiles | undefined {
  const root = resolve(folder);
  if (!existsSync(join(root, 'index.html'))) return undefined;
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const file = fileFor(root, req.url ?? '/');
    if (file === undefined) return false;
    const size = statSync(file, { throwIfNoEntry: false });
    if (!size?.isFile()) return false;
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': size.size,
      // Vite fingerprints asset names; index.html must be revalidated so a rebuilt demo is picked up.
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).on('error', () => res.destroy()).pipe(res);
    return true;
  };
}

function fileFor(root: string, url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`);
  return file === root || file.startsWith(root + sep) ? file : undefined;
}
