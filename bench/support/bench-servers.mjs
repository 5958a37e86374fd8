// The servers the server benches compare, each run in a child process that prints `PORT n` once it listens.
// Ours is the built package (`npm run build`), the code `siret-mock serve` runs: loading the TypeScript sources through tsx
// would measure tsx's output instead (esbuild's keepNames wraps every function made per request in a `__name` call, an
// Object.defineProperty each, about a tenth of our server's CPU per request at quantity 5).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** The built `siret-mock/node` entry point of this checkout; exits with a clear message when the package has not been built. */
async function importBuiltNode() {
  const entry = new URL('../../dist/src/node/index.js', import.meta.url);
  if (!existsSync(entry)) {
    console.error(`the server benches need the built package: no ${fileURLToPath(entry)} (run \`npm run build\` first)`);
    process.exit(1);
  }
  return import(entry.href);
}

/** The real server, as `siret-mock serve --tier lifetime --quiet` runs it, from this checkout's build. */
export async function serveOurs() {
  const { createSiretServer } = await importBuiltNode();
  const server = createSiretServer({ tier: 'lifetime', demoDir: false });
  const url = await server.listen(0, '127.0.0.1');
  process.stdout.write(`PORT ${url.port}\n`);
  process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
}

/**
 * The same app served by srvx's own `serve()` and nothing of ours: what the server costs without our layer. The server
 * hands srvx's `FastResponse` to its routes; `createApp` builds with the global `Response`, made `FastResponse` here, so
 * that the two build the same answers with the same options and differ by our layer only.
 */
export async function serveSrvx() {
  const { FastResponse, serve } = await import('srvx/node');
  globalThis.Response = FastResponse;
  const { createApp } = await importBuiltNode();
  const app = createApp({ tier: 'lifetime' });
  const server = serve({ fetch: (request) => app.fetch(request), port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
  await server.ready();
  process.stdout.write(`PORT ${server.node.server.address().port}\n`);
  process.once('SIGTERM', () => server.close(true).then(() => process.exit(0)));
}

/** node:http with `createNodeListener(createApp({ tier: 'lifetime' }))`: the same app, Node's server as it comes. */
export async function serveNodeListener() {
  const { createApp, createNodeListener } = await importBuiltNode();
  const server = http.createServer(createNodeListener(createApp({ tier: 'lifetime' })));
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`PORT ${server.address().port}\n`);
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

/** node:http answering a constant copy of a response fetched from our server: the floor, what Node alone costs. */
export async function serveBare(sourceUrl) {
  const response = await fetch(sourceUrl);
  const body = Buffer.from(await response.arrayBuffer());
  const headers = {};
  for (const [name, value] of response.headers) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) headers[name] = value;
  }
  // Framed as ours is: without a Content-Length, writeHead() then end() would send the copy chunked.
  headers['content-length'] = String(body.length);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`PORT ${server.address().port}\n`);
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

/** Starts `node script ...args` and resolves once it prints `PORT n`. */
export function startServer(script, args) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server ${args[0]} did not start`)), 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const match = /PORT (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    });
    child.once('exit', (code) => reject(new Error(`server ${args[0]} exited with ${code}`)));
  });
}
