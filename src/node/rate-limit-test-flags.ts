import type { AppOptions } from '../http/app-options.js';
import { RATE_LIMIT_HEADER_DIALECTS, RETRY_AFTER_FORMATS } from '../http/rate-limit-dialect.js';
import { mustBe, oneOf, usageError } from './cli-usage-error.js';

/** The rate-limit testing flags of `siret-mock serve` as app options. */
export type RateLimitTestOptions = Pick<
  AppOptions,
  'usage' | 'rateLimitHeaders' | 'retryAfter' | 'control' | 'controlToken' | 'delay' | 'failRate'
>;

/**
 * Reads `--usage`, `--rate-limit-headers`, `--retry-after`, `--control`, `--control-token`, `--delay` and `--fail-rate`
 * (each from its flag or its environment twin, as `pick` gives it) into app options; a bad value is a one-line usage error.
 */
export function parseRateLimitTestFlags(
  pick: (flag: string) => string | undefined,
  control: boolean,
  redis: string | undefined,
): RateLimitTestOptions {
  const options: RateLimitTestOptions = {};
  const usage = pick('usage');
  if (usage !== undefined) {
    if (redis !== undefined) throw usageError('--usage needs the memory quota store', { hint: 'leave out --redis' });
    options.usage = {};
    for (const part of usage.split(',')) {
      const match = /^\s*(minute|day)=(\d{1,9})\s*$/.exec(part);
      if (match === null) throw mustBe('--usage', 'minute=N, day=N or both (minute=7,day=93)', usage);
      options.usage[match[1] as 'minute' | 'day'] = Number(match[2]);
    }
  }
  const dialect = pick('rate-limit-headers');
  if (dialect !== undefined) {
    if (!(RATE_LIMIT_HEADER_DIALECTS as readonly string[]).includes(dialect))
      throw mustBe('--rate-limit-headers', oneOf(RATE_LIMIT_HEADER_DIALECTS), dialect);
    options.rateLimitHeaders = dialect as NonNullable<AppOptions['rateLimitHeaders']>;
  }
  const retryAfter = pick('retry-after');
  if (retryAfter !== undefined) {
    if (!(RETRY_AFTER_FORMATS as readonly string[]).includes(retryAfter))
      throw mustBe('--retry-after', oneOf(RETRY_AFTER_FORMATS), retryAfter);
    options.retryAfter = retryAfter as NonNullable<AppOptions['retryAfter']>;
  }
  const token = pick('control-token');
  if (token !== undefined && !control) throw usageError('--control-token needs --control');
  if (control) options.control = true;
  if (token !== undefined) {
    if (!/^[\x21-\x7e]{8,}$/.test(token)) throw mustBe('--control-token', 'at least 8 visible ASCII characters');
    options.controlToken = token;
  }
  const delay = pick('delay');
  if (delay !== undefined) {
    const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(delay.trim());
    const [min, max] = [Number(match?.[1]), Number(match?.[2] ?? match?.[1])];
    if (match === null || min > max || max > 600_000)
      throw mustBe('--delay', 'milliseconds (250) or a range (100-500), 0 to 600000', delay);
    options.delay = min === max ? min : [min, max];
  }
  const failRate = pick('fail-rate');
  if (failRate !== undefined) {
    const rate = /^(0|1|0?\.\d+|1\.0*)$/.test(failRate.trim()) ? Number(failRate) : NaN;
    if (!(rate >= 0 && rate <= 1)) throw mustBe('--fail-rate', 'a number from 0 to 1', failRate);
    options.failRate = rate;
  }
  return options;
}
