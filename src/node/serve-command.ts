import { EXTRA_FIELDS, parseExtraFields, PROFILES } from '../core/fixtures/record-options.js';
import { CliUsageError, commaListOf, mustBe, oneOf, parseFlags, wholeNumber } from './cli-usage-error.js';
import { redactSecrets, redactUrlValue } from './redact-secrets.js';
import type { AccessLogEntry } from './access-log.js';
import type { SiretServerOptions } from './create-server.js';
import { MAX_SEED } from '../core/company/index.js';
import { GENERATE_PATH } from '../http/routes.js';
import { listControlPaths } from '../http/control-routes.js';
import { DEFAULT_TIER, TIER_NAMES } from '../http/tiers.js';
import { SERVE_PARSE_OPTIONS, SERVE_USAGE } from './serve-flags.js';
import { parseRateLimitTestFlags } from './rate-limit-test-flags.js';

export { SERVE_USAGE };

const FLAGS = SERVE_PARSE_OPTIONS as {
  port: { type: 'string' };
  host: { type: 'string' };
  tier: { type: 'string' };
  pass: { type: 'string'; multiple: true };
  redis: { type: 'string' };
  'trust-proxy': { type: 'string' };
  source: { type: 'string' };
  'upgrade-url': { type: 'string' };
  seed: { type: 'string' };
  'quota-store-failure': { type: 'string' };
  'max-connections': { type: 'string' };
  'max-connections-per-client': { type: 'string' };
  'response-timeout': { type: 'string' };
  fields: { type: 'string' };
  profile: { type: 'string' };
  usage: { type: 'string' };
  'rate-limit-headers': { type: 'string' };
  'retry-after': { type: 'string' };
  control: { type: 'boolean' };
  'control-token': { type: 'string' };
  delay: { type: 'string' };
  'fail-rate': { type: 'string' };
  quiet: { type: 'boolean' };
  help: { type: 'boolean'; short: 'h' };
};

/** The server settings of one command line (flags over environment), validated. */
export interface ServeSettings {
  port: number;
  host: string;
  quiet: boolean;
  help: boolean;
  server: SiretServerOptions;
}

/** Reads flags, then their environment twins; throws CliUsageError with a one-line message on any bad value. */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeSettings {
  const values = parseFlags('serve', argv, FLAGS);
  const pick = (flag: keyof typeof FLAGS, name: string): string | undefined => {
    const value = values[flag];
    if (typeof value === 'string') return value;
    const fromEnv = env[name];
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  };
  const port = integerIn(pick('port', 'SIRET_MOCK_PORT'), '--port', 0, 65_535) ?? 3000;
  const host = pick('host', 'SIRET_MOCK_HOST') ?? '127.0.0.1';
  if (host.trim() === '') throw mustBe('--host', 'a host name or address', host);
  const tier = choice(pick('tier', 'SIRET_MOCK_TIER'), '--tier', TIER_NAMES) ?? DEFAULT_TIER;
  const passes =
    values.pass ??
    (env.SIRET_MOCK_PASS ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter((token) => token !== '');
  for (const pass of passes) {
    if (!/^[\x21-\x7e]+$/.test(pass)) throw mustBe('--pass', 'a non-empty token of visible ASCII characters');
  }
  const redis = pick('redis', 'SIRET_MOCK_REDIS');
  if (redis !== undefined && !/^rediss?:\/\/./.test(redis)) {
    throw mustBe('--redis', 'a redis:// or rediss:// URL', redactUrlValue(redis));
  }
  const trustProxy = integerIn(pick('trust-proxy', 'SIRET_MOCK_TRUST_PROXY'), '--trust-proxy', 0, 32) ?? 0;
  const source = pick('source', 'SIRET_MOCK_SOURCE');
  if (source !== undefined && source.trim() === '') throw mustBe('--source', 'a name', source);
  const upgradeUrl = pick('upgrade-url', 'SIRET_MOCK_UPGRADE_URL');
  if (upgradeUrl !== undefined && !isHttpUrl(upgradeUrl)) throw mustBe('--upgrade-url', 'an http(s) URL', upgradeUrl);
  const seed = integerIn(pick('seed', 'SIRET_MOCK_SEED'), '--seed', 0, MAX_SEED);
  const quotaStoreFailure =
    choice(pick('quota-store-failure', 'SIRET_MOCK_QUOTA_STORE_FAILURE'), '--quota-store-failure', ['closed', 'open'] as const) ?? 'closed';
  const maxConnections = integerIn(pick('max-connections', 'SIRET_MOCK_MAX_CONNECTIONS'), '--max-connections', 1, 1_000_000) ?? 1024;
  const maxConnectionsPerClient =
    integerIn(pick('max-connections-per-client', 'SIRET_MOCK_MAX_CONNECTIONS_PER_CLIENT'), '--max-connections-per-client', 1, 1_000_000) ??
    256;
  const responseTimeout = integerIn(pick('response-timeout', 'SIRET_MOCK_RESPONSE_TIMEOUT'), '--response-timeout', 1, 3600) ?? 10;
  const quiet = values.quiet ?? isTruthy(env.SIRET_MOCK_QUIET);
  const fieldList = pick('fields', 'SIRET_MOCK_FIELDS');
  const fields = fieldList === undefined ? undefined : parseExtraFields(commaListOf('--fields', fieldList, EXTRA_FIELDS));
  const profile = choice(pick('profile', 'SIRET_MOCK_PROFILE'), '--profile', PROFILES);

  const server: SiretServerOptions = {
    tier,
    passes,
    trustProxy,
    quotaStoreFailure,
    maxConnections,
    maxConnectionsPerClient,
    responseTimeout: responseTimeout * 1000,
  };
  if (redis !== undefined) server.redis = redis;
  if (source !== undefined) server.source = source;
  if (upgradeUrl !== undefined) server.upgradeUrl = upgradeUrl;
  if (seed !== undefined) server.seed = seed;
  if (fields !== undefined) server.fields = fields;
  if (profile !== undefined) server.profile = profile;
  const envName = (flag: string): string => `SIRET_MOCK_${flag.toUpperCase().replace(/-/g, '_')}`;
  const control = values.control ?? isTruthy(env.SIRET_MOCK_CONTROL);
  Object.assign(
    server,
    parseRateLimitTestFlags((flag) => pick(flag as keyof typeof FLAGS, envName(flag)), control, redis),
  );
  return { port, host, quiet, help: values.help ?? false, server };
}

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
  const { createSiretServer } = await import('./create-server.js');
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

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals): void => {
      if (stopping) {
        // A second signal: stop waiting for slow clients.
        server.server.closeAllConnections();
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
  return `${new Date().toISOString()} ${entry.clientAddress} "${entry.method} ${JSON.stringify(url).slice(1, -1)}" ${entry.status} ${entry.durationMs.toFixed(1)}ms`;
}

function integerIn(text: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw mustBe(flag, wholeNumber(min, max), text);
  return value;
}

function choice<T extends string>(text: string | undefined, flag: string, allowed: readonly T[]): T | undefined {
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw mustBe(flag, oneOf(allowed), text);
  return text as T;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isTruthy(text: string | undefined): boolean {
  return text !== undefined && /^(1|true|yes|on)$/i.test(text);
}
