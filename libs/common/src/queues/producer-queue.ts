import type { AppConfig } from '@app/config';
import type { QueueOptions } from 'bullmq';
import { failFastRedisOptions, queueConnection, RedisTarget } from '../redis';
import { QUEUE_PREFIX } from './queue-names';

/**
 * Options of a queue the API only adds jobs to. Unlike a worker (whose blocking connection BullMQ
 * requires to retry forever), a producer may fail fast: an add while Redis is away is rejected at
 * once instead of waiting in the offline queue, and the job's database row, committed first, is
 * enqueued again by the worker's sweeper when Redis is back.
 */
export function producerQueueOptions(config: RedisTarget & Pick<AppConfig, 'redisCommandTimeoutMs'>): QueueOptions {
  const connection = queueConnection(config, failFastRedisOptions(config.redisCommandTimeoutMs));
  return { connection, prefix: QUEUE_PREFIX };
}

export interface EnqueueLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Enqueues a job whose row is already committed, without ever failing or holding up the request:
 * an add that fails or takes longer than `timeoutMs` (the queue may still be connecting) is
 * logged and left to the sweeper. Answers whether the add went through in time.
 */
export async function enqueueAfterCommit(
  work: () => Promise<unknown>,
  timeoutMs: number,
  logger: EnqueueLogger,
  details: Record<string, unknown>,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`no answer from Redis within ${timeoutMs} ms`)), timeoutMs);
  });
  const outcome = await Promise.race([
    work().then(
      () => null,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    ),
    timedOut,
  ]);
  clearTimeout(timer);
  if (outcome === null) return true;
  logger.warn(
    { ...details, reason: outcome.message },
    'enqueue failed; the worker sweeper enqueues it when Redis is back',
  );
  return false;
}
