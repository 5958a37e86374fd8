import { closeSync, createReadStream, existsSync, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
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

// Linux's NAME_MAX and PATH_MAX: longer names cannot be files, so they are not looked up at all.
const MAX_COMPONENT = 255;
const MAX_PATH = 4096;
// Files up to this size are kept in memory once read: every client then shares one buffer (a thousand slow readers of the
// demo bundle hold a reference each, not a copy), and the answer is written at once, before a half-closed socket ends.
const CACHED_FILE_MAX = 4 * 1024 * 1024;
const CACHE_MAX = 64 * 1024 * 1024;

/** Serves the files of one folder; answers `false` (and writes nothing) when the request is not for one of them. Never throws. */
export type StaticFiles = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Serves the built demo (or any folder holding an `index.html`) for GET and HEAD: `/` is `index.html`, other paths map to
 * regular files inside the folder. A path that is not such a file, for whatever reason (missing, below a file, too long,
 * dot segments, NUL or backslash, a symlink leading out of the folder, unreadable), is `false`: the caller answers its JSON 404.
 * Returns `undefined` when the folder has no `index.html`.
 */
export function createStaticFiles(folder: string): StaticFiles | undefined {
  if (!existsSync(join(folder, 'index.html'))) return undefined;
  // The real path, so that a symlink anywhere inside is followed before the containment check, not after.
  const root = realpathSync(resolve(folder));
  // Keyed by real path; an entry is used only while the file's size and mtime are unchanged (a rebuilt demo is picked up).
  const cache = new Map<string, { size: number; mtimeMs: number; bytes: Buffer }>();
  let cached = 0;
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const opened = openInside(root, req.url ?? '/');
    if (opened === undefined) return false;
    const { file, fd, size, mtimeMs } = opened;
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': size,
      // Vite fingerprints asset names; index.html must be revalidated so a rebuilt demo is picked up.
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD' || size === 0) {
      closeSync(fd);
      res.end();
      return true;
    }
    const hit = cache.get(file);
    if (hit !== undefined && hit.size === size && hit.mtimeMs === mtimeMs) {
      closeSync(fd);
      res.end(hit.bytes);
      return true;
    }
    if (size <= CACHED_FILE_MAX && cached + size <= CACHE_MAX) {
      const bytes = readWhole(fd, size);
      closeSync(fd);
      if (bytes === undefined) {
        res.destroy();
        return true;
      }
      if (hit !== undefined) cached -= hit.size;
      cache.set(file, { size, mtimeMs, bytes });
      cached += size;
      res.end(bytes);
      return true;
    }
    // The stream owns the descriptor from here and closes it on end, error or destroy.
    const stream = createReadStream('', { fd, autoClose: true });
    stream.on('error', () => res.destroy());
    res.once('close', () => stream.destroy());
    stream.pipe(res);
    return true;
  };
}

/** Opens the regular file a request target names inside `root`, or `undefined` for anything else. Never throws. */
function openInside(root: string, target: string): { file: string; fd: number; size: number; mtimeMs: number } | undefined {
  const file = fileFor(root, target);
  if (file === undefined) return undefined;
  let fd: number | undefined;
  try {
    // ENOENT, ENOTDIR (a path below a file), ENAMETOOLONG, ELOOP, EACCES...: all of them mean "no such file here".
    const real = realpathSync(file);
    if (!isInside(root, real)) return undefined;
    fd = openSync(real, 'r');
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      closeSync(fd);
      return undefined;
    }
    return { file: real, fd, size: stats.size, mtimeMs: stats.mtimeMs };
  } catch {
    if (fd !== undefined) closeSync(fd);
    return undefined;
  }
}

/** The file's bytes, or `undefined` when it could not be read in full (it shrank, or a read failed). Never throws. */
function readWhole(fd: number, size: number): Buffer | undefined {
  try {
    const bytes = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) return undefined;
      read += n;
    }
    return bytes;
  } catch {
    return undefined;
  }
}

function fileFor(root: string, target: string): string | undefined {
  let path: string;
  try {
    // The URL parser drops the fragment and resolves dot segments (`%2e%2e` included) before anything is decoded.
    path = decodeURIComponent(new URL(target, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  // A decoded NUL or backslash (`%00`, `%5c`) is never part of a served name; `%2f` decodes to a separator, checked below.
  if (path.includes('\0') || path.includes('\\') || path.length > MAX_PATH) return undefined;
  const components = path.split('/');
  if (components.some((component) => component === '..' || Buffer.byteLength(component) > MAX_COMPONENT)) return undefined;
  const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`);
  return isInside(root, file) ? file : undefined;
}

function isInside(root: string, file: string): boolean {
  return file === root || file.startsWith(root + sep);
}
