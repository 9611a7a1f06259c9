import { QUEUE_PREFIX, QueueName } from '@app/common/queues/queue-names';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';

/** Runs `use` with a BullMQ handle on one of the stack's queues, on a connection of its own closed afterwards. */
export async function withQueue<T>(redis: Redis, name: QueueName, use: (queue: Queue) => Promise<T>): Promise<T> {
  const connection = redis.duplicate();
  const queue = new Queue(name, { connection, prefix: QUEUE_PREFIX });
  try {
    return await use(queue);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
