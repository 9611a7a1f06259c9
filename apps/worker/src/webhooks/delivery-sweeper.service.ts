import { QUEUE_PREFIX, REDIS } from '@app/common';
import { DeliveryStore, PendingTask, PendingTaskCursor } from '@app/webhooks';
import { deliveryJobId } from '@app/webhooks/delivery/delivery-policy';
import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { DeliveryQueue, DueAttempt } from './delivery-queue.service';
import { InFlightLimiter } from './in-flight-limiter';
import { handedJob, limitedAttempt } from './limited-attempt';

const PAGE = 1000;
/**
 * A due task younger than this most likely still waits in the queue (a backlog): not worth re-adding.
 * Lost jobs are rare (Redis data loss is detected and swept at once).
 */
const OVERDUE_GRACE_MS = 30_000;
const OVERDUE_SWEEP_EVERY_MS = 10_000;
/** Present while Redis keeps its data; when it is gone, Redis lost every queued job. */
const ALIVE_KEY = `${QUEUE_PREFIX}:webhooks:redis-alive`;

const toAttempt = (t: PendingTask): DueAttempt => ({
  eventId: t.eventId,
  webhookId: t.webhookId,
  workspaceId: t.workspaceId,
  attempt: t.attempts + 1,
  at: t.nextAttemptAt,
  requeued: true,
});

/**
 * PostgreSQL holds delivery state; Redis only schedules and may forget (it keeps nothing on
 * disk). The sweeper puts pending attempts back into the queue: the overdue ones on every pass,
 * all of them (with their delays) at start and whenever Redis has lost its data. Job ids make
 * re-adding a queued attempt a no-op.
 */
@Injectable()
export class DeliverySweeper {
  constructor(
    private readonly store: DeliveryStore,
    private readonly queue: DeliveryQueue,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly limiter: InFlightLimiter,
  ) {}

  /**
   * Waiting attempts with free slots and nobody to hand them one (the holders crashed and their
   * slots expired, or shut down): enqueued as jobs, which take the slots. Enqueuing one whose job
   * still exists is a no-op; the next pass sees it again.
   */
  async reviveStranded(): Promise<number> {
    const stranded = (await this.limiter.stranded()).flatMap((a) => {
      const job = handedJob(a);
      return job ? [{ ...job, requeued: true }] : [];
    });
    await this.queue.enqueue(stranded);
    return stranded.length;
  }

  private lastOverdueSweep = 0;

  /**
   * One periodic pass: everything at once if Redis was emptied; else, every few seconds, the
   * overdue attempts (re-adding a job that still waits in a backlog is a wasted Redis call).
   */
  async sweep(): Promise<void> {
    const redisWasEmptied = (await this.redis.set(ALIVE_KEY, String(Date.now()), 'NX')) === 'OK';
    if (redisWasEmptied) return this.sweepAll();
    if (Date.now() - this.lastOverdueSweep < OVERDUE_SWEEP_EVERY_MS) return;
    this.lastOverdueSweep = Date.now();
    await this.sweepOverdue(OVERDUE_GRACE_MS);
  }

  /** Re-enqueues every pending attempt, due or not (start-up, Redis restart). */
  async sweepAll(): Promise<void> {
    await this.redis.set(ALIVE_KEY, String(Date.now()));
    let after: PendingTaskCursor | null = null;
    for (;;) {
      const { tasks, last } = await this.store.pendingTasks(after, PAGE);
      await this.queue.enqueue(tasks.map(toAttempt));
      if (tasks.length < PAGE) return;
      after = last;
    }
  }

  /** Re-enqueues pending attempts due more than `graceMs` ago that neither wait in the limiter nor are in flight. */
  async sweepOverdue(graceMs: number): Promise<DueAttempt[]> {
    const rows = await this.store.overdueTasks(graceMs, PAGE);
    // In a backlog most overdue attempts wait in the limiter (a release will send them) or are in
    // flight: a job for them would only check PostgreSQL and end.
    const overdue = rows.map((r) => ({ ...toAttempt(r), at: null }));
    const untracked = new Set((await this.limiter.untracked(overdue.map(limitedAttempt))).map((a) => a.attemptId));
    const due = overdue.filter((a) => untracked.has(limitedAttempt(a).attemptId));
    await this.queue.enqueue(due);
    return due;
  }

  /**
   * The API made an attempt due now (resend, recover): enqueue it, and if its job already waits
   * in the delayed set for a later time, promote it. Without a task named, sweep what is due.
   */
  async wake(payload: string): Promise<void> {
    const [eventId, webhookId] = payload.split(':');
    const due =
      eventId && webhookId
        ? (await this.store.dueTask(eventId, webhookId)).map((r) => ({ ...toAttempt(r), at: null }))
        : await this.sweepOverdue(0);
    await this.queue.enqueue(due);
    for (const d of due) await this.queue.promote(deliveryJobId(d.eventId, d.webhookId, d.attempt));
  }
}
