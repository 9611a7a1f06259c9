interface Waiting<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Turns many concurrent single-key reads into a few multi-key ones: a load waits for the current
 * tick's other loads, and while `maxInFlight` batches are running, loads queue and go out
 * together as the next batch. Each key's answer is exactly what a read of that key alone would
 * give; a failed batch fails each of its loads.
 */
export class BatchedLoader<K, V> {
  private queue: Waiting<K, V>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Answers one value per key, in the order of the keys. */
    private readonly loadMany: (keys: K[]) => Promise<V[]>,
    private readonly maxBatch = 100,
    private readonly maxInFlight = 2,
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      // run() settles every waiter itself and never rejects.
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private async run(batch: Waiting<K, V>[]): Promise<void> {
    try {
      const values = await this.loadMany(batch.map((w) => w.key));
      if (values.length !== batch.length)
        throw new Error(`batched load answered ${values.length} values for ${batch.length} keys`);
      batch.forEach((w, i) => w.resolve(values[i]));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
