import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { ThrottledWarning } from '../logging/throttled-warning';
import { QueueName } from './queue-names';

/**
 * Sends a queue's errors to our log, at most one line per 30 s. Without an `error` listener BullMQ writes
 * each one to stderr (every reconnect attempt while Redis is away). Nothing else is needed: the queue
 * reconnects, and a failed add is the caller's to handle (producers leave it to the sweepers).
 */
export function logQueueErrors(queue: Pick<Queue, 'on' | 'name'>): void {
  const warning = new ThrottledWarning((message) => new Logger(`Queue ${queue.name}`).warn(`queue error: ${message}`));
  queue.on('error', (error) => warning.report(error));
}

/** Attaches `logQueueErrors` to every queue the app registered with BullModule. */
@Injectable()
export class QueueErrorLog implements OnApplicationBootstrap {
  constructor(private readonly moduleRef: ModuleRef) {}

  onApplicationBootstrap(): void {
    for (const name of Object.values(QueueName)) {
      let queue: Queue | undefined;
      try {
        queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      } catch {
        continue; // this app does not use that queue
      }
      logQueueErrors(queue);
    }
  }
}
