import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_SIZE, createRetryAudit, RETRY_STORM_THRESHOLD, type AuditedRequest } from './retry-audit.js';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const ok = (at: number, caller = 'a'): AuditedRequest => ({ caller, at, method: 'GET', status: 200 });
const limited = (at: number, waitMs: number, caller = 'a'): AuditedRequest => ({
  caller,
  at,
  method: 'GET',
  status: 429,
  retryAt: at + waitMs,
});

describe('createRetryAudit', () => {
  it('finds nothing wrong with a client that waits out Retry-After', () => {
    const audit = createRetryAudit();
    [ok(T0), limited(T0 + 10, 2_000), ok(T0 + 2_010)].forEach((request) => audit.record(request));
    expect(audit.report()).toEqual({ requests: [ok(T0), limited(T0 + 10, 2_000), ok(T0 + 2_010)], violations: [] });
  });

  it('names a request sent before the wait of the caller’s last 429 is over, with the timestamps', () => {
    const audit = createRetryAudit();
    audit.record(limited(T0, 60_000));
    audit.record(limited(T0 + 1_000, 59_000));
    expect(audit.report().violations).toEqual([
      {
        caller: 'a',
        kind: 'early-retry',
        rateLimitedAt: T0,
        retryAt: T0 + 60_000,
        requestsAt: [T0 + 1_000],
        message: 'a sent a request 1 s after a 429 that asked it to wait 60 s (59 s early)',
      },
    ]);
  });

  it('calls more than the threshold of early requests inside one wait a retry storm, once, with every request', () => {
    const audit = createRetryAudit();
    audit.record(limited(T0, 60_000));
    const early = Array.from({ length: 6 }, (_, i) => T0 + 100 * (i + 1));
    for (const at of early) audit.record(limited(at, 60_000 - (at - T0)));
    const { violations } = audit.report();
    expect(violations.filter((v) => v.kind === 'early-retry')).toHaveLength(6);
    const storms = violations.filter((v) => v.kind === 'retry-storm');
    expect(storms).toEqual([
      {
        caller: 'a',
        kind: 'retry-storm',
        rateLimitedAt: T0,
        retryAt: T0 + 60_000,
        requestsAt: early,
        message: `a sent 6 requests between a 429 and the end of its wait, 60 s later (more than ${RETRY_STORM_THRESHOLD} is a retry storm)`,
      },
    ]);
    // The storm is listed where it began: after the early request that crossed the threshold.
    expect(violations.findIndex((v) => v.kind === 'retry-storm')).toBe(RETRY_STORM_THRESHOLD + 1);
  });

  it('keeps callers apart, and forgets a wait once it is over', () => {
    const audit = createRetryAudit();
    audit.record(limited(T0, 1_000, 'a'));
    audit.record(ok(T0 + 10, 'b'));
    audit.record(ok(T0 + 1_000, 'a'));
    audit.record(ok(T0 + 1_001, 'a'));
    expect(audit.report().violations).toEqual([]);
  });

  it('holds at most the latest AUDIT_LOG_SIZE requests, and reset() forgets everything', () => {
    const audit = createRetryAudit();
    for (let i = 0; i < AUDIT_LOG_SIZE * 3; i++) audit.record(ok(T0 + i));
    const { requests } = audit.report();
    expect(requests).toHaveLength(AUDIT_LOG_SIZE);
    expect(requests.at(-1)?.at).toBe(T0 + AUDIT_LOG_SIZE * 3 - 1);
    audit.record(limited(T0, 1_000));
    audit.reset();
    audit.record(ok(T0 + 1));
    expect(audit.report()).toEqual({ requests: [ok(T0 + 1)], violations: [] });
  });
});
