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

/** The run of early requests since a caller's first 429 whose wait it did not keep. */
interface Wait {
  caller: string;
  /** The 429 that began this run of early requests. */
  firstAt: number;
  /** The caller's last 429 and the end of its wait. */
  rateLimitedAt: number;
  retryAt: number;
  /**
   * The first `AUDIT_LOG_SIZE` early requests, and how many there were. A storm with more is past the latest
   * `AUDIT_LOG_SIZE` violations (each early request is one, after it), so no report lists it.
   */
  early: number[];
  count: number;
}

/** A violation as recorded: its message is written when a report asks for it, not on every request of a flood. */
type Recorded =
  { kind: 'early-retry'; caller: string; rateLimitedAt: number; retryAt: number; at: number } | { kind: 'retry-storm'; wait: Wait };

const seconds = (ms: number): string => `${Math.round(ms) / 1000} s`;

function violationOf(recorded: Recorded): RetryViolation {
  if (recorded.kind === 'early-retry') {
    const { caller, rateLimitedAt, retryAt, at } = recorded;
    const message = `${caller} sent a request ${seconds(at - rateLimitedAt)} after a 429 that asked it to wait ${seconds(retryAt - rateLimitedAt)} (${seconds(retryAt - at)} early)`;
    return { caller, kind: 'early-retry', rateLimitedAt, retryAt, requestsAt: [at], message };
  }
  const { caller, firstAt, retryAt, early, count } = recorded.wait;
  const message = `${caller} sent ${count} requests between a 429 and the end of its wait, ${seconds(retryAt - firstAt)} later (more than ${RETRY_STORM_THRESHOLD} is a retry storm)`;
  return { caller, kind: 'retry-storm', rateLimitedAt: firstAt, retryAt, requestsAt: early.slice(), message };
}

/**
 * Creates a Retry-After audit. It keeps, per caller, the wait its last 429 asked for: a request from that caller before
 * the wait is over is an `early-retry`, and more than `RETRY_STORM_THRESHOLD` of them inside one wait a `retry-storm`.
 * A pure record of what it is told: the handler calls `record` with its own clock's time. Recording takes constant time
 * and memory per request however long a storm lasts; `report` writes the messages.
 * @example const audit = createRetryAudit(); audit.record({ caller: 'a', at: 0, method: 'GET', status: 429, retryAt: 60_000 });
 */
export function createRetryAudit(): RetryAudit {
  let requests: AuditedRequest[] = [];
  let violations: Recorded[] = [];
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
        const { rateLimitedAt, retryAt } = wait;
        violations.push({ kind: 'early-retry', caller, rateLimitedAt, retryAt, at });
        if (wait.early.length < AUDIT_LOG_SIZE) wait.early.push(at);
        // The storm is listed where it began: after the early request that crossed the threshold.
        if (++wait.count === RETRY_STORM_THRESHOLD + 1) violations.push({ kind: 'retry-storm', wait });
        violations = keepLatest(violations);
      }
      if (request.status === 429 && request.retryAt !== undefined) {
        // The last 429 sets the wait; an early request that got another 429 keeps the run of early requests going.
        if (wait === undefined) {
          waits.delete(caller);
          waits.set(caller, { caller, firstAt: at, rateLimitedAt: at, retryAt: request.retryAt, early: [], count: 0 });
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
        violations: violations.slice(-AUDIT_LOG_SIZE).map(violationOf),
      };
    },
    reset() {
      requests = [];
      violations = [];
      waits.clear();
    },
  };
}
