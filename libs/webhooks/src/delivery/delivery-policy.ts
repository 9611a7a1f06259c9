/**
 * What one delivery attempt means for the task and the webhook (retries, redirects and disabling:
 * docs/api.md#events and docs/webhook-delivery.md). Plain functions, no I/O.
 */

export type DeliveryError = 'timeout' | 'connection_error' | 'redirect' | 'http_status' | 'blocked_target';

/** What the sender observed for one attempt. */
export type AttemptResult =
  | { kind: 'response'; status: number }
  | { kind: 'timeout' }
  | { kind: 'connection_error'; message?: string }
  | { kind: 'blocked_target'; message?: string };

export interface AttemptOutcome {
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  error: DeliveryError | null;
  /** A later attempt may succeed (timeouts, connection errors, 408, 429, 5xx). */
  retryable: boolean;
  /** The receiver said the endpoint is gone for good (410): disable the webhook at once. */
  gone: boolean;
}

/** Classifies an attempt: 2xx succeeds; 3xx is a redirect we never follow; the rest fail, some retryably. */
export function classifyAttempt(result: AttemptResult): AttemptOutcome {
  switch (result.kind) {
    case 'timeout':
      return { status: 'failed', responseStatus: null, error: 'timeout', retryable: true, gone: false };
    case 'connection_error':
      return { status: 'failed', responseStatus: null, error: 'connection_error', retryable: true, gone: false };
    case 'blocked_target':
      return { status: 'failed', responseStatus: null, error: 'blocked_target', retryable: false, gone: false };
    case 'response': {
      const s = result.status;
      if (s >= 200 && s < 300)
        return { status: 'succeeded', responseStatus: s, error: null, retryable: false, gone: false };
      if (s >= 300 && s < 400)
        return { status: 'failed', responseStatus: s, error: 'redirect', retryable: false, gone: false };
      const retryable = s === 408 || s === 429 || s >= 500;
      return { status: 'failed', responseStatus: s, error: 'http_status', retryable, gone: s === 410 };
    }
  }
}

/**
 * Delay before the attempt that follows attempt number `attempt` (1-based), or null when the
 * schedule is exhausted: the schedule lists the retries, so attempt n is followed by schedule[n-1].
 */
export function retryDelayAfter(attempt: number, scheduleMs: readonly number[]): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > scheduleMs.length) return null;
  return scheduleMs[attempt - 1];
}

export type TaskState = 'pending' | 'succeeded' | 'failed' | 'dropped';

export interface TaskDecision {
  state: TaskState;
  /** When the next attempt is due (state pending only). */
  nextAttemptAt: Date | null;
}

/** The task's state after attempt `attempt` ended at `now` with `outcome`. */
export function decideTask(
  outcome: AttemptOutcome,
  attempt: number,
  scheduleMs: readonly number[],
  now: Date,
): TaskDecision {
  if (outcome.status === 'succeeded') return { state: 'succeeded', nextAttemptAt: null };
  if (!outcome.retryable || outcome.gone) return { state: 'failed', nextAttemptAt: null };
  const delay = retryDelayAfter(attempt, scheduleMs);
  if (delay === null) return { state: 'failed', nextAttemptAt: null };
  return { state: 'pending', nextAttemptAt: new Date(now.getTime() + delay) };
}

export type DisableReason = 'gone' | 'timeouts' | 'failing';

export interface WebhookHealth {
  consecutiveTimeouts: number;
  /** First failure since the last success; null while healthy. */
  failingSince: Date | null;
}

export interface DisableLimits {
  disableAfterTimeouts: number;
  disableAfterMs: number;
}

/** Why the webhook must be disabled now, if it must (410 first, then timeouts in a row, then only failures for too long). */
export function disableReasonFor(
  outcome: AttemptOutcome | null,
  health: WebhookHealth,
  limits: DisableLimits,
  now: Date,
): DisableReason | null {
  if (outcome?.gone) return 'gone';
  if (health.consecutiveTimeouts >= limits.disableAfterTimeouts) return 'timeouts';
  if (isFailingTooLong(health.failingSince, limits.disableAfterMs, now)) return 'failing';
  return null;
}

/** True when a webhook has had only failures since `failingSince` for at least `disableAfterMs`. */
export function isFailingTooLong(failingSince: Date | null, disableAfterMs: number, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= disableAfterMs;
}

/** BullMQ job id of one attempt: derived from event, webhook and attempt so enqueuing twice collapses. */
export function deliveryJobId(eventId: string, webhookId: string, attempt: number): string {
  return `${eventId}.${webhookId}.${attempt}`;
}

/** The event and attempt number of a `deliveryJobId` of the given webhook; null if it is not one. */
export function parseDeliveryJobId(jobId: string, webhookId: string): { eventId: string; attempt: number } | null {
  const match = /^(.+)\.(\d+)$/.exec(jobId);
  const suffix = `.${webhookId}`;
  if (!match || !match[1].endsWith(suffix) || match[1].length === suffix.length) return null;
  return { eventId: match[1].slice(0, -suffix.length), attempt: Number(match[2]) };
}

/** The message shown to the workspace admin when a webhook is disabled (`reason`: a DisableReason, or any other text). */
export function disableMessage(url: string, reason: string): string {
  const why: Record<string, string> = {
    gone: 'the receiver answered 410 Gone',
    timeouts: 'the receiver timed out too many times in a row',
    failing: 'every delivery has failed for too long',
    api_key_deleted: 'the API key that created it was deleted',
    member_removed: 'the member who created it left the workspace',
  };
  return `Webhook ${url} was disabled: ${why[reason] ?? reason}. Fix the endpoint, then set its status to active.`;
}
