import { MAX_SEED } from '../../core/company/index.js';
import { EXTRA_FIELDS, parseExtraFields, PROFILES } from '../../core/fixtures/record-options.js';
import {
  APP_DEFAULTS,
  resolveAppOptions,
  RATE_LIMIT_HEADER_DIALECTS,
  RETRY_AFTER_FORMATS,
  CONTROL_PREFIX,
  PRICING_PATH,
  TIER_NAMES,
} from '../../http/index.js';
import { CliUsageError, commaListOf, mustBe, oneOf, parseFlags, usageError, wholeNumber } from './cli-usage-error.js';
import { QUOTA_STORE_FAILURE_POLICIES } from '../redis/index.js';
import { redactUrlValue, SERVER_DEFAULTS, type SiretServerOptions } from '../server/index.js';

/** One flag of `siret-mock serve`: the usage text, the parser options and the docs' tables are all derived from these. */
export interface ServeFlag {
  /** Without the leading `--`. */
  name: string;
  /** What follows the flag (`N`, `URL`); `undefined` for a boolean flag. */
  value?: string;
  /** Its environment variable twin, as the usage and docs show it (`SIRET_MOCK_QUIET=1`). */
  env?: string;
  /** The default as shown; wrapped in backticks in the docs when `literal`. */
  defaultText?: string;
  literal?: boolean;
  /** The flag's help in the usage text (wrapped there at 100 columns). */
  help: string;
  multiple?: boolean;
  short?: string;
  /** The option of `createApp` it sets as given: the app's refusal of a bad value is worded for the flag. */
  option?: string;
}

const node = SERVER_DEFAULTS.node;

// The flags of `siret-mock serve`, in the order the usage text and the docs list them. Their literal types give the
// parser's values their types.
// prettier-ignore
const SERVE_FLAGS = [
  { name: 'port', value: 'N', env: 'SIRET_MOCK_PORT', defaultText: String(SERVER_DEFAULTS.port), literal: true, help: 'port to listen on (0: any free port)' },
  { name: 'host', value: 'HOST', env: 'SIRET_MOCK_HOST', defaultText: SERVER_DEFAULTS.hostname, literal: true, help: 'address to bind (0.0.0.0 or :: for the LAN)' },
  { name: 'tier', value: TIER_NAMES.join('|'), env: 'SIRET_MOCK_TIER', defaultText: APP_DEFAULTS.tier, literal: true, help: 'tier of requests without a pass', option: 'tier' },
  { name: 'pass', value: 'TOKEN', env: 'SIRET_MOCK_PASS', defaultText: 'none', help: 'Bearer token served as lifetime; repeatable', multiple: true },
  { name: 'redis', value: 'URL', env: 'SIRET_MOCK_REDIS', defaultText: 'in memory', help: 'shared quota store (redis://host:6379/0)' },
  { name: 'trust-proxy', value: 'HOPS', env: 'SIRET_MOCK_TRUST_PROXY', defaultText: String(SERVER_DEFAULTS.trustProxy), literal: true, help: 'proxies whose X-Forwarded-For is trusted' },
  { name: 'source', value: 'NAME', env: 'SIRET_MOCK_SOURCE', defaultText: APP_DEFAULTS.source, literal: true, help: 'meta.source of every response' },
  { name: 'upgrade-url', value: 'URL', env: 'SIRET_MOCK_UPGRADE_URL', defaultText: `<origin>${PRICING_PATH}`, literal: true, help: '"upgrade" link of 400/403/429 answers' },
  { name: 'seed', value: 'S', env: 'SIRET_MOCK_SEED', defaultText: 'random', help: `seed for reproducible records, 0..${MAX_SEED}`, option: 'seed' },
  {
    name: 'quota-store-failure',
    value: QUOTA_STORE_FAILURE_POLICIES.join('|'),
    env: 'SIRET_MOCK_QUOTA_STORE_FAILURE',
    defaultText: SERVER_DEFAULTS.quotaStoreFailure,
    literal: true,
    help: 'Redis unreachable: closed (503) or open',
  },
  { name: 'max-connections', value: 'N', env: 'SIRET_MOCK_MAX_CONNECTIONS', defaultText: String(node.maxConnections), literal: true, help: 'open connections at most (1..1000000)' },
  { name: 'max-connections-per-client', value: 'N', env: 'SIRET_MOCK_MAX_CONNECTIONS_PER_CLIENT', defaultText: String(node.maxConnectionsPerClient), literal: true, help: 'open connections one client address may hold' },
  { name: 'response-timeout', value: 'S', env: 'SIRET_MOCK_RESPONSE_TIMEOUT', defaultText: String(node.responseTimeout / 1000), literal: true, help: 'seconds an answer has to be handed over' },
  {
    name: 'fields',
    value: 'a,b,...',
    env: 'SIRET_MOCK_FIELDS',
    defaultText: 'none',
    help: `extension: extra record fields (${EXTRA_FIELDS.join(', ')})`,
  },
  { name: 'profile', value: 'NAME', env: 'SIRET_MOCK_PROFILE', defaultText: PROFILES[0], literal: true, help: `extension: ${PROFILES.join(' or ')} records`, option: 'profile' },
  // Rate-limit testing: quota states, header dialects, the control endpoints and drills (docs/server.md).
  { name: 'usage', value: 'minute=N,day=M', env: 'SIRET_MOCK_USAGE', defaultText: 'none', help: 'requests already counted at a caller\'s first request', option: 'usage' },
  { name: 'rate-limit-headers', value: RATE_LIMIT_HEADER_DIALECTS.join('|'), env: 'SIRET_MOCK_RATE_LIMIT_HEADERS', defaultText: APP_DEFAULTS.rateLimitHeaders, literal: true, help: 'rate-limit header dialect', option: 'rateLimitHeaders' },
  { name: 'retry-after', value: RETRY_AFTER_FORMATS.join('|'), env: 'SIRET_MOCK_RETRY_AFTER', defaultText: APP_DEFAULTS.retryAfter, literal: true, help: 'format of a 429\'s Retry-After', option: 'retryAfter' },
  { name: 'control', env: 'SIRET_MOCK_CONTROL=1', defaultText: 'off', help: `serve ${CONTROL_PREFIX}/* (reset, clock, usage, scenario, audit)` },
  { name: 'control-token', value: 'TOKEN', env: 'SIRET_MOCK_CONTROL_TOKEN', defaultText: 'loopback only', help: 'Bearer token the control endpoints require', option: 'controlToken' },
  { name: 'delay', value: 'MS|MIN-MAX', env: 'SIRET_MOCK_DELAY', defaultText: '0', literal: true, help: 'delay before each /api/v1/generate answer', option: 'delay' },
  { name: 'fail-rate', value: 'P', env: 'SIRET_MOCK_FAIL_RATE', defaultText: '0', literal: true, help: 'share of /api/v1/generate answers that are a JSON 500', option: 'failRate' },
  { name: 'quiet', env: 'SIRET_MOCK_QUIET=1', defaultText: 'off', help: 'no access log' },
  { name: 'help', short: 'h', help: 'print this help (also -h)' },
] as const satisfies readonly ServeFlag[];

/** The flags of `siret-mock serve`, in the order the usage text and the docs list them. */
export const serveFlags: readonly ServeFlag[] = SERVE_FLAGS;

type Flag = (typeof SERVE_FLAGS)[number];
type ParseOptions = {
  [F in Flag as F['name']]: {
    type: F extends { value: string } ? 'string' : 'boolean';
    multiple: F extends { multiple: true } ? true : false;
  };
};

/** `SERVE_FLAGS` as `node:util` `parseArgs` options. */
const PARSE_OPTIONS = Object.fromEntries(
  SERVE_FLAGS.map((flag) => [
    flag.name,
    {
      type: 'value' in flag ? 'string' : 'boolean',
      multiple: 'multiple' in flag,
      ...('short' in flag ? { short: flag.short } : {}),
    },
  ]),
) as ParseOptions;

/** `--name VALUE`, as the usage and the docs write a flag. */
export const flagSynopsis = (flag: ServeFlag): string => `--${flag.name}${flag.value === undefined ? '' : ` ${flag.value}`}`;

const envColumn = (flag: ServeFlag): string => (flag.multiple ? `${flag.env} as a comma list` : (flag.env ?? ''));

/** `text` cut into lines of at most `width` characters at spaces, each after `indent`. */
function wrap(text: string, indent: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, indent + line];
}

/**
 * The usage text of `siret-mock serve`, derived from `SERVE_FLAGS`: each flag on a line with its environment variable and
 * default, its help on the lines below, so that no line passes 100 columns however long a help text grows.
 */
export const SERVE_USAGE: string = (() => {
  const line = (flag: ServeFlag): string[] => [
    flag.env === undefined
      ? `  ${flagSynopsis(flag)}`
      : `  ${flagSynopsis(flag)}  (${envColumn(flag)}; default ${flag.defaultText ?? 'none'})`,
    ...wrap(flag.help, '      ', 100),
  ];
  return [
    'Usage: siret-mock serve [flags]   (each flag also reads its environment variable; the flag wins)',
    '',
    ...serveFlags.flatMap(line),
  ].join('\n');
})();

/** The server settings of one command line (flags over environment), validated. */
export interface ServeSettings {
  port: number;
  host: string;
  quiet: boolean;
  help: boolean;
  server: SiretServerOptions;
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

const isHttpUrl = (text: string): boolean => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
const isTruthy = (text: string | undefined): boolean => text !== undefined && /^(1|true|yes|on)$/i.test(text);
// The app checks the values; a text that is no number at all reaches it as NaN, which it refuses like any bad number.
const numberOr = (text: string | undefined, syntax: RegExp): number | undefined =>
  text === undefined ? undefined : syntax.test(text.trim()) ? Number(text) : NaN;

/** `250` or `100-500` as `delay`; anything else as NaN, for the app to refuse. */
function delayOf(text: string | undefined): number | [number, number] | undefined {
  if (text === undefined) return undefined;
  const range = /^(\d+)-(\d+)$/.exec(text.trim());
  return range === null ? numberOr(text, /^\d+$/) : [Number(range[1]), Number(range[2])];
}

/**
 * The app's refusal of an option (`createApp`'s RangeError or TypeError, whose message starts with the option's name),
 * worded for the flag that set it: `--delay must be ..., got "500-100"`, the value as typed. Other errors as they are.
 */
function asUsageError(error: unknown, given: (flag: Flag['name']) => string | undefined): unknown {
  if (!(error instanceof RangeError || error instanceof TypeError)) return error;
  for (const flag of SERVE_FLAGS) {
    if (!('option' in flag)) continue;
    if (error.message.startsWith(`${flag.option} `)) {
      const text = given(flag.name);
      const message = error.message
        .slice(flag.option.length)
        .replace(/, got .*$/s, text === undefined || flag.name === 'control-token' ? '' : `, got ${JSON.stringify(text)}`);
      return new CliUsageError(`--${flag.name}${message}`);
    }
    if (error.message.startsWith(`${flag.option}.`)) return new CliUsageError(`--${flag.name}: ${error.message}`);
  }
  return new CliUsageError(error.message);
}

/** Reads flags, then their environment twins; throws CliUsageError with a one-line message on any bad value. */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeSettings {
  const values = parseFlags('serve', argv, PARSE_OPTIONS);
  const pick = (flag: Flag['name']): string | undefined => {
    const value = values[flag];
    if (typeof value === 'string') return value;
    const twin = SERVE_FLAGS.find((candidate) => candidate.name === flag);
    const fromEnv = twin && 'env' in twin ? env[twin.env.replace(/=1$/, '')] : undefined;
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  };
  const port = integerIn(pick('port'), '--port', 0, 65_535) ?? SERVER_DEFAULTS.port;
  const host = pick('host') ?? SERVER_DEFAULTS.hostname;
  if (host.trim() === '') throw mustBe('--host', 'a host name or address', host);
  const passes =
    values.pass ??
    (pick('pass') ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter((token) => token !== '');
  for (const pass of passes) {
    if (!/^[\x21-\x7e]+$/.test(pass)) throw mustBe('--pass', 'a non-empty token of visible ASCII characters');
  }
  const redis = pick('redis');
  if (redis !== undefined && !/^rediss?:\/\/./.test(redis)) throw mustBe('--redis', 'a redis:// or rediss:// URL', redactUrlValue(redis));
  const source = pick('source');
  if (source !== undefined && source.trim() === '') throw mustBe('--source', 'a name', source);
  const upgradeUrl = pick('upgrade-url');
  if (upgradeUrl !== undefined && !isHttpUrl(upgradeUrl)) throw mustBe('--upgrade-url', 'an http(s) URL', upgradeUrl);
  const fields = pick('fields');
  const usage = pick('usage');
  const control = values.control ?? isTruthy(env.SIRET_MOCK_CONTROL);
  const controlToken = pick('control-token');
  if (controlToken !== undefined && !control) throw usageError('--control-token needs --control');
  if (usage !== undefined && redis !== undefined) throw usageError('--usage needs the memory quota store', { hint: 'leave out --redis' });
  const responseTimeout = integerIn(pick('response-timeout'), '--response-timeout', 1, 3600);
  const maxConnections = integerIn(pick('max-connections'), '--max-connections', 1, 1_000_000);
  const maxConnectionsPerClient = integerIn(pick('max-connections-per-client'), '--max-connections-per-client', 1, 1_000_000);

  const server: SiretServerOptions = {
    passes,
    trustProxy: integerIn(pick('trust-proxy'), '--trust-proxy', 0, 32) ?? SERVER_DEFAULTS.trustProxy,
    quotaStoreFailure:
      choice(pick('quota-store-failure'), '--quota-store-failure', QUOTA_STORE_FAILURE_POLICIES) ?? SERVER_DEFAULTS.quotaStoreFailure,
    ...((responseTimeout ?? maxConnections ?? maxConnectionsPerClient) !== undefined && {
      node: {
        ...(responseTimeout !== undefined && { responseTimeout: responseTimeout * 1000 }),
        ...(maxConnections !== undefined && { maxConnections }),
        ...(maxConnectionsPerClient !== undefined && { maxConnectionsPerClient }),
      },
    }),
    ...(redis !== undefined && { redis }),
    ...(source !== undefined && { source }),
    ...(upgradeUrl !== undefined && { upgradeUrl }),
    ...(fields !== undefined && { fields: parseExtraFields(commaListOf('--fields', fields, EXTRA_FIELDS)) }),
    ...(control && { control }),
    ...(controlToken !== undefined && { controlToken }),
  };
  // The app checks these values itself: its refusal becomes the flag's usage error.
  const checked: Partial<Record<Flag['name'], unknown>> = {
    tier: pick('tier') ?? APP_DEFAULTS.tier,
    seed: numberOr(pick('seed'), /^\d+$/),
    profile: pick('profile'),
    usage: usage === undefined ? undefined : usageOf(usage),
    'rate-limit-headers': pick('rate-limit-headers'),
    'retry-after': pick('retry-after'),
    delay: delayOf(pick('delay')),
    'fail-rate': numberOr(pick('fail-rate'), /^(\d+\.?\d*|\.\d+)$/),
  };
  for (const flag of SERVE_FLAGS) {
    const value = checked[flag.name];
    if (value !== undefined && 'option' in flag) Object.assign(server, { [flag.option]: value });
  }
  try {
    resolveAppOptions(server);
  } catch (error) {
    throw asUsageError(error, pick);
  }
  return { port, host, quiet: values.quiet ?? isTruthy(env.SIRET_MOCK_QUIET), help: values.help ?? false, server };
}

/** `minute=7,day=93` as a quota usage; anything else is a usage error. */
function usageOf(text: string): { minute?: number; day?: number } {
  const usage: { minute?: number; day?: number } = {};
  for (const part of text.split(',')) {
    const match = /^\s*(minute|day)=(\d{1,9})\s*$/.exec(part);
    if (match === null) throw mustBe('--usage', 'minute=N, day=N or both (minute=7,day=93)', text);
    usage[match[1] as 'minute' | 'day'] = Number(match[2]);
  }
  return usage;
}
