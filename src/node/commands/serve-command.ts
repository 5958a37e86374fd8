import { GENERATE_PATH, listControlPaths } from '../../http/index.js';
import { CliUsageError } from './cli-usage-error.js';
import { redactSecrets, redactUrlValue, type AccessLogEntry } from '../server/index.js';
import { parseServeArgs, SERVE_USAGE } from './serve-flags.js';

/**
 * `siret-mock serve`: runs the server until SIGINT or SIGTERM, then stops accepting, drains in-flight requests, closes
 * Redis and resolves 0. Prints the URL and a curl example on start, and one access-log line per request on stdout.
 */
export async function runServe(argv: string[]): Promise<number> {
  try {
    return await serve(argv);
  } catch (error) {
    // Whatever fails (a flag, Redis, listen), its message reaches the terminal without a password.
    if (!(error instanceof Error)) throw error;
    const message = redactSecrets(error.message);
    throw error instanceof CliUsageError ? new CliUsageError(message) : new Error(message);
  }
}

async function serve(argv: string[]): Promise<number> {
  const settings = parseServeArgs(argv);
  if (settings.help) {
    process.stdout.write(SERVE_USAGE + '\n');
    return 0;
  }
  const { createSiretServer } = await import('../server/create-server.js');
  const out = (line: string): void => {
    process.stdout.write(line + '\n');
  };
  const server = createSiretServer({ ...settings.server, ...(settings.quiet ? {} : { onAccess: (entry) => out(accessLine(entry)) }) });
  let url: URL;
  try {
    url = await server.listen(settings.port, settings.host);
  } catch (error) {
    // EADDRINUSE and the like: release Redis so the process can exit with the error.
    await server.close();
    throw error;
  }
  const reachable = new URL(url);
  if (reachable.hostname === '0.0.0.0' || reachable.hostname === '[::]') reachable.hostname = 'localhost';
  const store = settings.server.redis === undefined ? 'memory' : `redis ${redactUrlValue(settings.server.redis)}`;
  out(`siret-mock listening on ${url.origin} (tier ${settings.server.tier}, quota store: ${store})`);
  out(`  try: curl -i '${reachable.origin}${GENERATE_PATH}?quantity=5'`);
  if (server.servesDemo) out(`  demo: ${reachable.origin}/`);
  if (settings.server.control) {
    const who = settings.server.controlToken === undefined ? 'loopback callers only' : 'Authorization: Bearer <control token>';
    out(`  control: ${listControlPaths(settings.server.redis !== undefined, reachable.origin)} (${who})`);
  }

  // The drain is the server's own (docs/server.md), so srvx's signal handling is off and these are the only handlers.
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals): void => {
      if (stopping) {
        // A second signal: stop waiting for slow clients.
        void server.close(true);
        return;
      }
      stopping = true;
      out(`siret-mock: ${signal} received, draining in-flight requests`);
      void server.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  out('siret-mock: stopped');
  return 0;
}

function accessLine(entry: AccessLogEntry): string {
  const url = entry.url.length > 200 ? `${entry.url.slice(0, 200)}...` : entry.url;
  return `${new Date().toISOString()} ${entry.caller} "${entry.method} ${JSON.stringify(url).slice(1, -1)}" ${entry.status} ${entry.durationMs.toFixed(1)}ms`;
}
