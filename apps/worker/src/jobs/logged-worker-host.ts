import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { ThrottledWarning } from '@app/common';

/**
 * A BullMQ processor whose worker errors go to our log, at most one line per 30 s. Without an `error`
 * listener BullMQ writes each one to stderr with its stack: hundreds of lines a minute while Redis is away.
 * The errors need no handling: BullMQ reconnects, and a job whose lock lapsed runs again (deliveries and
 * job rows are idempotent, and PostgreSQL keeps the record).
 */
export abstract class LoggedWorkerHost extends WorkerHost {
  private readonly workerErrors = new ThrottledWarning((message) =>
    new Logger(this.constructor.name).warn(`queue worker error: ${message}`),
  );

  @OnWorkerEvent('error')
  onWorkerError(error: Error): void {
    this.workerErrors.report(error);
  }
}
