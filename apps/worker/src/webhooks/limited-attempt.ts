import { deliveryJobId, parseDeliveryJobId } from '@app/webhooks/delivery/delivery-policy';
import type { DeliveryJobData } from './delivery-queue.service';
import type { LimitedAttempt } from './in-flight-limiter';

const LEGACY_WORKSPACE = 'webhook:';

/** The limiter's view of a job; a job enqueued before jobs carried the workspace counts as a workspace of its own. */
export function limitedAttempt({ eventId, webhookId, attempt, workspaceId }: DeliveryJobData): LimitedAttempt {
  return {
    workspaceId: workspaceId ?? `${LEGACY_WORKSPACE}${webhookId}`,
    webhookId,
    attemptId: deliveryJobId(eventId, webhookId, attempt),
  };
}

/** The job data of an attempt the limiter handed a slot to; null if the id is not a delivery job id. */
export function handedJob({ workspaceId, webhookId, attemptId }: LimitedAttempt): DeliveryJobData | null {
  const parsed = parseDeliveryJobId(attemptId, webhookId);
  return (
    parsed && { ...parsed, webhookId, workspaceId: workspaceId.startsWith(LEGACY_WORKSPACE) ? undefined : workspaceId }
  );
}
