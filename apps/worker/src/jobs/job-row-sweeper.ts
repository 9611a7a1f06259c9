import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { RedisClient } from '@app/common';
import { nextSweepDelayMs } from './sweep-schedule';

const SWEEP_BATCH = 1000;

export interface SweptJobs {
  /** Ids of queued and running rows, oldest first, at most `limit` (the feature's repository). */
  activeIds(limit: number): Promise<string[]>;
  /** Enqueues one job under its row's id as the BullMQ job id. */
  enqueue(queue: Queue, id: string): Promise<unknown>;
  /** How the log names them. */
  what: string;
}

/**
 * Redis is volatile: the database is the record of which jobs still have to run. At start and
 * every 30 s, every queued or running row whose BullMQ entry is gone (or finished without
 * finishing the job) is enqueued again under the same BullMQ id, so duplicates collapse. This is
 * also how a job created while Redis was away gets run: the API commits the row and answers
 * without enqueueing, and the sweep after Redis returns (within a second or two, see
 * sweep-schedule.ts) enqueues it. Each job feature (email verification, people export) has one,
 * naming its rows and queue.
 */
export abstract class JobRowSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private running = false;
  /** Something asked for a sweep while one was running: run the next one soon. */
  private again = false;
  private redisLost = false;

  /** `redis`: the worker's shared client; its reconnecting is how the sweeper learns Redis is back. */
  protected constructor(
    private readonly queue: Queue,
    private readonly jobs: SweptJobs,
    private readonly redis: RedisClient,
  ) {}

  onApplicationBootstrap(): void {
    this.redis.on('close', this.onRedisClose);
    this.redis.on('ready', this.onRedisReady);
    void this.sweepAndSchedule();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.redis.off('close', this.onRedisClose);
    this.redis.off('ready', this.onRedisReady);
  }

  private readonly onRedisClose = () => {
    this.redisLost = true;
  };

  /** Jobs created while Redis was away were committed but never enqueued: sweep now, not in up to 30 s. */
  private readonly onRedisReady = () => {
    if (!this.redisLost) return;
    this.redisLost = false;
    void this.sweepAndSchedule();
  };

  /** Answers how many jobs were enqueued again. */
  async sweep(): Promise<number> {
    const ids = await this.jobs.activeIds(SWEEP_BATCH);
    let requeued = 0;
    for (const id of ids) {
      const state = await this.queue.getJobState(id);
      if (state === 'completed' || state === 'failed') await (await this.queue.getJob(id))?.remove();
      else if (state !== 'unknown') continue;
      await this.jobs.enqueue(this.queue, id);
      requeued += 1;
    }
    if (requeued > 0) this.logger.log({ requeued }, `${this.jobs.what} enqueued again`);
    return requeued;
  }

  /** One sweep, then the next one scheduled by its outcome; sweeps never overlap. */
  private async sweepAndSchedule(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = true;
    const started = Date.now();
    let failed = false;
    await this.sweep().catch((error) => {
      failed = true;
      this.logger.warn({ err: error }, `${this.jobs.what} sweep failed`);
    });
    this.running = false;
    if (this.stopped) return;
    const delay = nextSweepDelayMs({ failed: failed || this.again, tookMs: Date.now() - started });
    this.again = false;
    this.timer = setTimeout(() => void this.sweepAndSchedule(), delay);
    this.timer.unref();
  }
}
