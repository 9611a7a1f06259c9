import { newId } from '@app/common/ids/ids';
import type { ClaimedTask } from '@app/webhooks';
import type { AttemptRecord } from './attempt-recorder';

/** What ending an unsignable task writes: the admin's notice, then the failed attempt. */
export interface UnsignablePorts {
  notify(webhook: { webhookId: string; url: string }): Promise<void>;
  record(attempt: AttemptRecord, retryUntil: number): Promise<unknown>;
}

/**
 * Ends a task whose secret cannot be decrypted (SECRETS_KEY differs from the one that sealed it):
 * one failed delivery (`blocked_target`: the service refused to send), the task failed for good,
 * and a notification for the workspace admin unless an unread one already says so.
 *
 * The notice is written first: a worker that dies before recording leaves the task to run again,
 * and that run finds the notice unread and adds none. Recorded first, a death in between would fail
 * the task for good with nobody told.
 */
export async function failUnsignableTask(
  ports: UnsignablePorts,
  task: ClaimedTask,
  startedAt: Date,
  retryUntil: number,
): Promise<void> {
  const { eventId, webhookId, attempt } = task;
  await ports.notify({ webhookId, url: task.url });
  await ports.record(
    {
      eventId,
      webhookId,
      attempt,
      state: 'failed',
      nextAttemptAt: null,
      deliveryId: newId('delivery'),
      status: 'failed',
      responseStatus: null,
      error: 'blocked_target',
      durationMs: 0,
      startedAt,
    },
    retryUntil,
  );
}
