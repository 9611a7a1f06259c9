import type { ClaimedTask } from '@app/webhooks';

/** What one drain run needs from the worker: the store's claims, the slots, the sender. */
export interface DrainDeps {
  /** Claims up to `limit` due tasks of the webhook (leased), oldest due first. */
  claim(limit: number): Promise<ClaimedTask[]>;
  /** Makes claimed tasks that will not be sent due again at once. */
  unclaim(tasks: ClaimedTask[]): Promise<void>;
  /** Renews the slots; answers those still held, the fair share of the workspace cap and the webhooks that want slots. */
  keep(slots: string[]): Promise<{ held: string[]; share: number; wanting: string[] }>;
  give(slots: string[]): Promise<void>;
  /** Sends and records one attempt; never rejects (failures are recorded or logged). */
  send(task: ClaimedTask): Promise<void>;
  /** Starts drains of other webhooks of the workspace that the cap held back. */
  kick(webhookIds: string[]): Promise<void>;
  closing(): boolean;
  onError(what: string, error: unknown): void;
}

/**
 * One drain of one webhook with the slots it holds: each slot is a lane that sends the webhook's
 * due tasks one after another until none is due. Lanes share the claimed tasks; a claim takes as
 * many as there are lanes, and the next is made while half of them are still unsent, so lanes
 * rarely wait for PostgreSQL. Every claim also renews the slots; a lane whose slot expired, or that
 * is over the drain's fair share while other webhooks of the workspace wait for slots, stops after
 * its current attempt and gives its slot back.
 *
 * `run` answers once every lane has stopped, every slot is given back and every claimed task that
 * was not sent is due again.
 */
export class DrainRun {
  private readonly buffer: ClaimedTask[] = [];
  private readonly active: Set<string>;
  private exhausted = false;
  private claiming: Promise<void> | null = null;
  private wanting: string[] = [];

  constructor(
    private readonly deps: DrainDeps,
    private readonly slots: string[],
    private readonly renewEveryMs: number,
  ) {
    this.active = new Set(slots);
  }

  async run(): Promise<void> {
    const renew = setInterval(
      () => void this.renew().catch((e) => this.deps.onError('renewing slots', e)),
      this.renewEveryMs,
    );
    try {
      await Promise.all(this.slots.map((slot) => this.lane(slot)));
    } finally {
      clearInterval(renew);
      await this.claiming?.catch(() => undefined);
      await this.deps.unclaim(this.buffer.splice(0)).catch((e) => this.deps.onError('releasing claimed tasks', e));
      const kept = this.slots.filter((s) => !this.yielded.has(s));
      await this.deps.give(kept).catch((e) => this.deps.onError('giving slots back', e));
    }
  }

  private readonly yielded = new Set<string>();

  private async lane(slot: string): Promise<void> {
    try {
      while (this.active.has(slot) && !this.deps.closing()) {
        const task = await this.next();
        if (!task) return;
        await this.deps.send(task);
      }
    } catch (error) {
      this.deps.onError('draining', error);
    } finally {
      this.active.delete(slot);
      if (this.yielded.has(slot)) await this.handOver(slot);
    }
  }

  /** A yielded lane's slot goes back at once, and the webhooks that wanted one are started. */
  private async handOver(slot: string): Promise<void> {
    try {
      await this.deps.give([slot]);
      const wanting = this.wanting.splice(0);
      if (wanting.length) await this.deps.kick(wanting);
    } catch (error) {
      this.deps.onError('handing a slot over', error);
    }
  }

  private async next(): Promise<ClaimedTask | null> {
    for (;;) {
      if (!this.exhausted && this.buffer.length <= this.active.size / 2) void this.refill();
      const task = this.buffer.shift();
      if (task) return task;
      if (this.exhausted) return null;
      await this.refill();
    }
  }

  /**
   * One claim at a time; every lane that needs a task waits for the same one. A failed claim ends
   * the run (its tasks stay due in PostgreSQL; the slot filler starts a drain again).
   */
  private refill(): Promise<void> {
    this.claiming ??= (async () => {
      try {
        const [claimed] = await Promise.all([this.deps.claim(Math.max(1, this.active.size)), this.renew()]);
        if (claimed.length === 0) this.exhausted = true;
        this.buffer.push(...claimed);
      } catch (error) {
        this.exhausted = true;
        this.deps.onError('claiming due tasks', error);
      } finally {
        this.claiming = null;
      }
    })();
    return this.claiming;
  }

  private async renew(): Promise<void> {
    if (this.active.size === 0) return;
    const kept = await this.deps.keep([...this.active]);
    const held = new Set(kept.held);
    // An expired slot may be someone else's now: its lane stops after its current attempt.
    for (const slot of this.active) if (!held.has(slot)) this.active.delete(slot);
    const over = this.active.size - kept.share;
    if (over <= 0 || kept.wanting.length === 0) return;
    this.wanting = kept.wanting;
    for (const slot of [...this.active].slice(0, over)) {
      this.active.delete(slot);
      this.yielded.add(slot);
    }
  }
}
