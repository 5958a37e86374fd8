/** One request as the audit saw it. Times are epoch milliseconds of the handler's clock. */
export interface AuditedRequest {
  /** Who the request counted against (the handler set's caller key; the client address on a server). */
  caller: string;
  /** When it arrived. */
  at: number;
  method: string;
  status: number;
  /** On a 429: when its `Retry-After` elapses, the earliest a retry may arrive. */
  retryAt?: number;
}

/** A request, or a run of requests, that did not wait for a 429's `Retry-After`. */
export interface RetryViolation {
  caller: string;
  /**
   * `early-retry`: one request sent before the `Retry-After` of the caller's last 429 elapsed. `retry-storm`: more than
   * `RETRY_STORM_THRESHOLD` requests inside one 429's wait.
   */
  kind: 'early-retry' | 'retry-storm';
  /** When the 429 whose wait was not kept was answered. */
  rateLimitedAt: number;
  /** When that 429 allowed a retry. */
  retryAt: number;
  /** The request that came early (`early-retry`), or every request inside the wait (`retry-storm`). */
  requestsAt: number[];
  /** The violation in a sentence, so that a failed `toEqual([])` says what happened. */
  message: string;
}

/** What `audit()` returns: the requests seen (the latest `AUDIT_LOG_SIZE`) and the violations found, in order. */
export interface AuditReport {
  requests: AuditedRequest[];
  violations: RetryViolation[];
}

/** Records requests and finds clients that ignore `Retry-After`. */
export interface RetryAudit {
  record(request: AuditedRequest): void;
  report(): AuditReport;
  reset(): void;
}

/** More requests than this inside one 429's wait is a `retry-storm` (each of them is also an `early-retry`). */
export const RETRY_STORM_THRESHOLD = 3;
/** The audit keeps the latest this many requests, violations and rate-limited callers: its memory is bounded. */
export const AUDIT_LOG_SIZE = 1000;

interface Wait {
  /** The 429 that began this run of early requests. */
  firstAt: number;
  /** The caller's last 429 and the end of its wait. */
  rateLimitedAt: number;
  retryAt: number;
  early: number[];
  storm: RetryViolation | undefined;
}

const seconds = (ms: number): string => `${Math.round(ms) / 1000} s`;

/**
 * Creates a Retry-After audit. It keeps, per caller, the wait its last 429 asked for: a request from that caller before
 * the wait is over is an `early-retry`, and more than `RETRY_STORM_THRESHOLD` of them inside one wait a `retry-storm`.
 * A pure record of what it is told: the handler calls `record` with its own clock's time.
 * @example const audit = createRetryAudit(); audit.record({ caller: 'a', at: 0, method: 'GET', status: 429, retryAt: 60_000 });
 */
export function createRetryAudit(): RetryAudit {
  let requests: AuditedRequest[] = [];
  let violations: RetryViolation[] = [];
  const waits = new Map<string, Wait>();
  const keepLatest = <T>(list: T[]): T[] => (list.length > AUDIT_LOG_SIZE * 2 ? list.slice(-AUDIT_LOG_SIZE) : list);

  return {
    record(request) {
      requests.push(request);
      requests = keepLatest(requests);
      const { caller, at } = request;
      let wait = waits.get(caller);
      if (wait !== undefined && at >= wait.retryAt) {
        waits.delete(caller);
        wait = undefined;
      }
      if (wait !== undefined) {
        wait.early.push(at);
        const { rateLimitedAt, retryAt } = wait;
        violations.push({
          caller,
          kind: 'early-retry',
          rateLimitedAt,
          retryAt,
          requestsAt: [at],
          message: `${caller} sent a request ${seconds(at - rateLimitedAt)} after a 429 that asked it to wait ${seconds(retryAt - rateLimitedAt)} (${seconds(retryAt - at)} early)`,
        });
        if (wait.early.length > RETRY_STORM_THRESHOLD) {
          wait.storm ??= { caller, kind: 'retry-storm', rateLimitedAt: wait.firstAt, retryAt, requestsAt: [], message: '' };
          wait.storm.retryAt = retryAt;
          wait.storm.requestsAt = wait.early.slice();
          wait.storm.message = `${caller} sent ${wait.early.length} requests between a 429 and the end of its wait, ${seconds(retryAt - wait.firstAt)} later (more than ${RETRY_STORM_THRESHOLD} is a retry storm)`;
          if (wait.early.length === RETRY_STORM_THRESHOLD + 1) violations.push(wait.storm);
        }
        violations = keepLatest(violations);
      }
      if (request.status === 429 && request.retryAt !== undefined) {
        // The last 429 sets the wait; an early request that got another 429 keeps the run of early requests going.
        if (wait === undefined) {
          wait = { firstAt: at, rateLimitedAt: at, retryAt: request.retryAt, early: [], storm: undefined };
          waits.delete(caller);
          waits.set(caller, wait);
          if (waits.size > AUDIT_LOG_SIZE) waits.delete(waits.keys().next().value as string);
        } else {
          wait.rateLimitedAt = at;
          wait.retryAt = request.retryAt;
        }
      }
    },
    report() {
      return {
        requests: requests.slice(-AUDIT_LOG_SIZE).map((request) => ({ ...request })),
        violations: violations.slice(-AUDIT_LOG_SIZE).map((violation) => ({ ...violation, requestsAt: violation.requestsAt.slice() })),
      };
    },
    reset() {
      requests = [];
      violations = [];
      waits.clear();
    },
  };
}
