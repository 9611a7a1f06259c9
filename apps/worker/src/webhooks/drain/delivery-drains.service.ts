import { APP_CONFIG, AppConfig } from '@app/config';
import { ClaimedTask, DeliveryStore } from '@app/webhooks';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DeliveryQueue, DrainJobData } from '../delivery-queue.service';
import { DeliverySlots } from '../slots/delivery-slots';
import { WebhookDeliveryService } from '../webhook-delivery.service';
import { DrainRun } from './drain-run';
import { FIRST_LANES } from './start-drains';

/** A drain that found this process' lanes all busy tries again this much later (its slots go back meanwhile). */
const BUSY_RETRY_MS = 250;

/**
 * Runs drain jobs (docs/webhook-delivery.md, "In-flight limits"): with the slots taken for the job,
 * or taken now, it sends the webhook's due tasks until none is due (DrainRun). At most
 * WEBHOOK_CONCURRENCY lanes run in this process at once.
 */
@Injectable()
export class DeliveryDrains {
  private readonly logger = new Logger('DeliveryDrains');
  private lanesInUse = 0;
  private stopping = false;

  constructor(
    private readonly store: DeliveryStore,
    private readonly slots: DeliverySlots,
    private readonly delivery: WebhookDeliveryService,
    private readonly queue: DeliveryQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** SIGTERM: lanes stop after their current attempt; claimed tasks not sent are due again at once. */
  stop(): void {
    this.stopping = true;
  }

  async run(job: DrainJobData): Promise<void> {
    const { webhookId } = job;
    const workspaceId = job.workspaceId ?? (await this.store.workspaceOf(webhookId));
    if (!workspaceId) return; // the webhook is gone, and its tasks with it
    // Every lane of this process is busy: the job's slots go back untouched, without renewing or taking slots it could not use.
    if (!this.stopping && this.lanesInUse >= this.config.webhookConcurrency)
      return this.retryLater(workspaceId, webhookId, job.slots ?? []);
    let slots = await this.slots.adopt(workspaceId, webhookId, job.slots ?? []);
    if (slots.length === 0) slots = await this.slots.take(workspaceId, webhookId, FIRST_LANES);
    if (this.stopping) await this.slots.give(workspaceId, webhookId, slots);
    else if (slots.length > 0) await this.drainWith(workspaceId, webhookId, slots);
  }

  private async drainWith(workspaceId: string, webhookId: string, slots: string[]): Promise<void> {
    // Counted before the first await, or drains starting meanwhile would count the same free lanes.
    const lanes = slots.slice(0, Math.max(0, this.config.webhookConcurrency - this.lanesInUse));
    this.lanesInUse += lanes.length;
    if (lanes.length === 0) return this.retryLater(workspaceId, webhookId, slots);
    await this.slots.give(workspaceId, webhookId, slots.slice(lanes.length));
    const leaseMs = 2 * this.config.webhookTimeoutMs + 5000;
    // An attempt starts only while its lease covers the send, half a timeout of recording retries and the
    // 5 s the recording keeps clear of the lease's end (recordDeadline): a claimed task waits at most half a timeout.
    const minLeaseLeftMs = 1.5 * this.config.webhookTimeoutMs + 5000;
    await new DrainRun(
      {
        claim: (limit) => this.store.claimDue(webhookId, limit, leaseMs),
        unclaim: (tasks: ClaimedTask[]) => this.store.releaseClaims(tasks),
        hasDue: () => this.store.hasDueTask(webhookId),
        takeOne: async () => (await this.slots.take(workspaceId, webhookId, 1))[0] ?? null,
        grow: (n) => this.grow(workspaceId, webhookId, n),
        laneDone: () => (this.lanesInUse -= 1),
        keep: (held) => this.slots.keep(workspaceId, webhookId, held),
        give: async (given) => (await this.slots.give(workspaceId, webhookId, given)).wanting,
        send: (task) => this.send(task),
        kick: (webhookIds) => this.queue.enqueue(webhookIds.map((id) => ({ webhookId: id, workspaceId }))),
        closing: () => this.stopping,
        onError: (what, error) => this.logger.warn(`webhook ${webhookId}: ${what} failed: ${(error as Error).message}`),
      },
      lanes,
      Math.max(100, Math.floor(this.slots.limits.ttlMs / 3)),
      minLeaseLeftMs,
    ).run();
  }

  /** No lane free in this process: the slots go back (another worker may use them) and the drain tries again later. */
  private async retryLater(workspaceId: string, webhookId: string, slots: string[]): Promise<void> {
    await this.slots.give(workspaceId, webhookId, slots);
    await this.queue.enqueue([{ webhookId, workspaceId, at: new Date(Date.now() + BUSY_RETRY_MS) }]);
  }

  /** Up to `n` more slots for new lanes, no more than this process has lanes left for. */
  private async grow(workspaceId: string, webhookId: string, n: number): Promise<string[]> {
    const want = Math.min(n, this.config.webhookConcurrency - this.lanesInUse);
    if (want <= 0) return [];
    this.lanesInUse += want;
    try {
      const taken = await this.slots.take(workspaceId, webhookId, want);
      this.lanesInUse -= want - taken.length;
      return taken;
    } catch (error) {
      this.lanesInUse -= want;
      throw error;
    }
  }

  private async send(task: ClaimedTask): Promise<{ recording: Promise<void> }> {
    try {
      const { recording } = await this.delivery.attempt(task);
      return { recording: recording.catch((error) => this.notRecorded(task, error)) };
    } catch (error) {
      await this.notRecorded(task, error);
      return { recording: Promise.resolve() };
    }
  }

  /**
   * Not recorded (PostgreSQL away past the lease?): the task stays pending, due again at once if
   * that can be written, else when its lease runs out.
   */
  private async notRecorded(task: ClaimedTask, error: unknown): Promise<void> {
    this.logger.warn(`delivery of ${task.eventId} to ${task.webhookId} failed: ${(error as Error).message}`);
    await this.store.releaseClaims([task]).catch(() => undefined);
  }
}
