// Plain module (no Nest or BullMQ imports) so its unit spec runs on plain objects.

/** What readiness reads of a BullMQ Worker. */
export interface ConsumerLike {
  readonly name: string;
  readonly closing?: Promise<void>;
  isRunning(): boolean;
  isPaused(): boolean;
}

/**
 * A consumer takes jobs while its main loop runs, unpaused and not closing. BullMQ retries lost
 * Redis connections inside the loop (it keeps running through an outage); an error that ends the
 * loop, a pause or a close stops it until someone acts, which is what readiness must report.
 */
export function consumerRunning(consumer: ConsumerLike): boolean {
  return consumer.isRunning() && !consumer.isPaused() && !consumer.closing;
}

/** The readiness check name of a consumer: `consumer:<queue>`. */
export function consumerCheckName(consumer: ConsumerLike): string {
  return `consumer:${consumer.name}`;
}
