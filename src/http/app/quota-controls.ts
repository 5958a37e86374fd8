import { checkQuotaUsage, createRetryAudit, exhaustedUsage, type RetryAudit } from '../../core/quota/index.js';
import type { App, ResolvedOptions } from './app-options.js';

/** The `Retry-After` of a 429 as the instant it allows a retry: seconds after `at`, or an HTTP date. */
export function retryAtOf(header: string | null, at: number): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return at + Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date;
}

/**
 * What an app offers besides `fetch` to put its quota in a given state and to audit its clients: `setUsage`, `exhaust`,
 * `reset` and `audit`, plus the `retryAudit` the app records its counted requests in.
 */
export function createQuotaControls(options: ResolvedOptions): Pick<App, 'setUsage' | 'exhaust' | 'reset' | 'audit'> & {
  retryAudit: RetryAudit;
} {
  const { store, quota, clock } = options;
  const retryAudit = createRetryAudit();
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
    audit: () => retryAudit.report(),
    reset() {
      retryAudit.reset();
      const cleared = store.reset();
      const usage = options.usage;
      if (usage === undefined || setUsage === undefined) return cleared;
      return cleared instanceof Promise ? cleared.then(() => setUsage(usage)) : setUsage(usage);
    },
    retryAudit,
  };
}
