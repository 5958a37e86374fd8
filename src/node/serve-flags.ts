import { EXTRA_FIELDS, PROFILES } from '../core/fixtures/record-options.js';
import { MAX_SEED } from '../core/company/index.js';
import { DEFAULT_TIER, TIER_NAMES } from '../http/tiers.js';

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
}

/** The flags of `siret-mock serve`, in the order the usage text and the docs list them. */
// prettier-ignore
export const SERVE_FLAGS: readonly ServeFlag[] = [
  { name: 'port', value: 'N', env: 'SIRET_MOCK_PORT', defaultText: '3000', literal: true, help: 'port to listen on (0: any free port)' },
  { name: 'host', value: 'HOST', env: 'SIRET_MOCK_HOST', defaultText: '127.0.0.1', literal: true, help: 'address to bind (0.0.0.0 or :: for the LAN)' },
  { name: 'tier', value: TIER_NAMES.join('|'), env: 'SIRET_MOCK_TIER', defaultText: DEFAULT_TIER, literal: true, help: 'tier of requests without a pass' },
  { name: 'pass', value: 'TOKEN', env: 'SIRET_MOCK_PASS', defaultText: 'none', help: 'Bearer token served as lifetime; repeatable', multiple: true },
  { name: 'redis', value: 'URL', env: 'SIRET_MOCK_REDIS', defaultText: 'in memory', help: 'shared quota store (redis://host:6379/0)' },
  { name: 'trust-proxy', value: 'HOPS', env: 'SIRET_MOCK_TRUST_PROXY', defaultText: '0', literal: true, help: 'proxies whose X-Forwarded-For is trusted' },
  { name: 'source', value: 'NAME', env: 'SIRET_MOCK_SOURCE', defaultText: 'siret-mock', literal: true, help: 'meta.source of every response' },
  { name: 'upgrade-url', value: 'URL', env: 'SIRET_MOCK_UPGRADE_URL', defaultText: '<origin>/pricing', literal: true, help: '"upgrade" link of 400/403/429 answers' },
  { name: 'seed', value: 'S', env: 'SIRET_MOCK_SEED', defaultText: 'random', help: `seed for reproducible records, 0..${MAX_SEED}` },
  {
    name: 'quota-store-failure',
    value: 'closed|open',
    env: 'SIRET_MOCK_QUOTA_STORE_FAILURE',
    defaultText: 'closed',
    literal: true,
    help: 'Redis unreachable: closed (503) or open',
  },
  { name: 'max-connections', value: 'N', env: 'SIRET_MOCK_MAX_CONNECTIONS', defaultText: '1024', literal: true, help: 'open connections at most (1..1000000)' },
  { name: 'max-connections-per-client', value: 'N', env: 'SIRET_MOCK_MAX_CONNECTIONS_PER_CLIENT', defaultText: '256', literal: true, help: 'open connections one client address may hold' },
  { name: 'response-timeout', value: 'S', env: 'SIRET_MOCK_RESPONSE_TIMEOUT', defaultText: '10', literal: true, help: 'seconds an answer has to be handed over' },
  {
    name: 'fields',
    value: 'a,b,...',
    env: 'SIRET_MOCK_FIELDS',
    defaultText: 'none',
    help: `extension: extra record fields (${EXTRA_FIELDS.join(', ')})`,
  },
  { name: 'profile', value: 'NAME', env: 'SIRET_MOCK_PROFILE', defaultText: 'default', literal: true, help: `extension: ${PROFILES.join(' or ')} records` },
  // Rate-limit testing: quota states, header dialects, the control endpoints and drills (docs/server.md).
  { name: 'usage', value: 'minute=N,day=M', env: 'SIRET_MOCK_USAGE', defaultText: 'none', help: 'requests already counted at a caller\'s first request' },
  { name: 'rate-limit-headers', value: 'draft|x-ratelimit|both', env: 'SIRET_MOCK_RATE_LIMIT_HEADERS', defaultText: 'draft', literal: true, help: 'rate-limit header dialect' },
  { name: 'retry-after', value: 'seconds|http-date', env: 'SIRET_MOCK_RETRY_AFTER', defaultText: 'seconds', literal: true, help: 'format of a 429\'s Retry-After' },
  { name: 'control', env: 'SIRET_MOCK_CONTROL=1', defaultText: 'off', help: 'serve /__siret-mock/* (reset, clock, usage, scenario, audit)' },
  { name: 'control-token', value: 'TOKEN', env: 'SIRET_MOCK_CONTROL_TOKEN', defaultText: 'loopback only', help: 'Bearer token the control endpoints require' },
  { name: 'delay', value: 'MS|MIN-MAX', env: 'SIRET_MOCK_DELAY', defaultText: '0', literal: true, help: 'delay before each /api/v1/generate answer' },
  { name: 'fail-rate', value: 'P', env: 'SIRET_MOCK_FAIL_RATE', defaultText: '0', literal: true, help: 'share of /api/v1/generate answers that are a JSON 500' },
  { name: 'quiet', env: 'SIRET_MOCK_QUIET=1', defaultText: 'off', help: 'no access log' },
  { name: 'help', short: 'h', help: 'print this help (also -h)' },
];

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
    ...SERVE_FLAGS.flatMap(line),
  ].join('\n');
})();

type ParseOption = { type: 'string' | 'boolean'; multiple?: boolean; short?: string };

/** `SERVE_FLAGS` as `node:util` `parseArgs` options. */
export const SERVE_PARSE_OPTIONS: Record<string, ParseOption> = Object.fromEntries(
  SERVE_FLAGS.map((flag) => [
    flag.name,
    {
      type: flag.value === undefined ? 'boolean' : 'string',
      ...(flag.multiple ? { multiple: true } : {}),
      ...(flag.short ? { short: flag.short } : {}),
    },
  ]),
);
