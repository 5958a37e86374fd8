import { checkQuotaUsage, createRetryAudit, exhaustedUsage } from '../core/quota/index.js';
import type { App, RequestContext, ResolvedOptions } from './app-options.js';
import { tierOf } from './generate-route.js';
import { TIERS } from './tiers.js';

type Handler = (request: Request, context?: RequestContext) => Promise<Response>;

/** The `Retry-After` of a 429 as the instant it allows a retry: seconds after `at`, or an HTTP date. */
export function retryAtOf(header: string | null, at: number): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return at + Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date;
}

/**
 * What an app offers besides `fetch` to put its quota in a given state and to audit its clients: `setUsage`, `exhaust`,
 * `reset` and `audit`, plus `audited(handler)`, which records every GET and HEAD of `/api/v1/generate` with the app's clock,
 * except those served on a tier without rate limits (a lifetime pass): they owe no wait to a 429.
 */
export function createQuotaControls(options: ResolvedOptions): Pick<App, 'setUsage' | 'exhaust' | 'reset' | 'audit'> & {
  audited(handler: Handler): Handler;
} {
  const { store, quota, clock } = options;
  const audit = createRetryAudit();
  const setUsage = store.setUsage?.bind(store);
  const needsSetUsage = (): NonNullable<typeof setUsage> => {
    if (setUsage === undefined) throw new TypeError('setUsage needs a quota store with setUsage, such as the memory store');
    return setUsage;
  };
  // Callers not seen yet start with the `usage` option at their first request.
  if (options.usage !== undefined) void needsSetUsage()(options.usage);
  return {
    setUsage: (usage) => needsSetUsage()({ ...checkQuotaUsage(usage, quota, 'setUsage') }, clock.now()),
    exhaust: (window) => needsSetUsage()(exhaustedUsage(window, quota), clock.now()),
    audit: () => audit.report(),
    reset() {
      audit.reset();
      const cleared = store.reset();
      const usage = options.usage;
      if (usage === undefined || setUsage === undefined) return cleared;
      return cleared instanceof Promise ? cleared.then(() => setUsage(usage)) : setUsage(usage);
    },
    audited: (handler) => async (request, context) => {
      const method = request.method;
      if (method !== 'GET' && method !== 'HEAD') return handler(request, context);
      const tier = tierOf(request.headers.get('authorization'), options);
      if (tier !== undefined && !TIERS[tier].rateLimited) return handler(request, context);
      const at = clock.now();
      const response = await handler(request, context);
      const status = response.status;
      const retryAt = status === 429 ? retryAtOf(response.headers.get('retry-after'), at) : undefined;
      audit.record({ caller: options.callerKey(request, context), at, method, status, ...(retryAt === undefined ? {} : { retryAt }) });
      return response;
    },
  };
}
