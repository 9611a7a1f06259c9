import type { ClaimedTask } from '@app/webhooks';

/** What one drain run needs from the worker: the store's claims, the slots, the sender. */
export interface DrainDeps {
  /** Claims up to `limit` due tasks of the webhook (leased), oldest due first. */
  claim(limit: number): Promise<ClaimedTask[]>;
  /** Makes claimed tasks that will not be sent due again at once. */
  unclaim(tasks: ClaimedTask[]): Promise<void>;
  /** Whether the webhook has a due task that nobody claimed. */
  hasDue(): Promise<boolean>;
  /** Takes one more slot of the webhook, if its cap and its workspace's allow. */
  takeOne(): Promise<string | null>;
  /** Renews the slots; answers those still held, the fair share of the workspace cap and the webhooks that want slots. */
  keep(slots: string[]): Promise<{ held: string[]; share: number; wanting: string[] }>;
  /** Gives slots back; answers the other webhooks of the workspace that want slots (the cap held them back). */
  give(slots: string[]): Promise<string[]>;
  /** Sends and records one attempt; never rejects (failures are recorded or logged). */
  send(task: ClaimedTask): Promise<void>;
  /** Starts drains of other webhooks of the workspace that the cap held back. */
  kick(webhookIds: string[]): Promise<void>;
  closing(): boolean;
  onError(what: string, error: unknown): void;
}

/**
 * One drain of one webhook with the slots it holds: each slot is a lane that sends the webhook's
 * due tasks one after another. Lanes share the claimed tasks; a claim takes as many as there are
 * lanes, and while claims come back full (a backlog) the next is made when half are still unsent,
 * so lanes rarely wait for PostgreSQL. Every claim also renews the slots.
 *
 * A lane that finds no due task gives its slot back at once and then looks once more, taking a
 * slot again if a task became due: a relay that found every slot held while this lane had it left
 * its new tasks to this look. A lane whose slot expired, or that is over the drain's fair share
 * while other webhooks of the workspace wait for slots, stops after its current attempt (the
 * drain's last lane then looks once more too). The share is the webhook's, less the slots its
 * other drains hold, so several drains of one webhook together keep no more than one share.
 *
 * `run` answers once every lane has stopped, every slot is given back and every claimed task that
 * was not sent is due again.
 */
export class DrainRun {
  private readonly buffer: ClaimedTask[] = [];
  private readonly active = new Set<string>();
  /** Every slot not given back yet, the active lanes' and those of lanes finishing their last attempt: all are renewed. */
  private readonly holding = new Set<string>();
  private lastClaimFull = false;
  private claiming: Promise<void> | null = null;

  constructor(
    private readonly deps: DrainDeps,
    private readonly slots: string[],
    private readonly renewEveryMs: number,
  ) {}

  async run(): Promise<void> {
    const renew = setInterval(
      () => void this.renew().catch((e) => this.deps.onError('renewing slots', e)),
      this.renewEveryMs,
    );
    // Every lane is counted before the first claim, which takes as many tasks as there are lanes.
    for (const slot of this.slots) {
      this.active.add(slot);
      this.holding.add(slot);
    }
    try {
      await Promise.all(this.slots.map((slot) => this.lane(slot)));
    } finally {
      clearInterval(renew);
      await this.claiming;
      await this.deps.unclaim(this.buffer.splice(0)).catch((e) => this.deps.onError('releasing claimed tasks', e));
    }
  }

  private async lane(first: string): Promise<void> {
    let slot: string | null = first;
    try {
      while (slot && !this.deps.closing()) {
        const task = await this.next();
        if (!this.active.has(slot)) {
          // Expired or yielded while waiting for the claim: the task is due again at once for
          // whoever has a free slot, rather than waiting here for a lane of this drain.
          if (task) await this.deps.unclaim([task]);
          slot = await this.stepAside(slot);
          continue;
        }
        if (task) {
          await this.deps.send(task);
          if (!this.active.has(slot)) slot = await this.stepAside(slot);
          continue;
        }
        this.active.delete(slot);
        await this.handOver(slot);
        slot = await this.lookAgain();
      }
    } catch (error) {
      this.deps.onError('draining', error);
    } finally {
      if (slot) await this.release(slot);
    }
  }

  /**
   * A lane whose slot expired or that yielded gives its slot back. If it was the drain's last
   * lane, it looks again like a lane that found nothing due: when every drain of a webhook
   * yields at once (each saw the others' slots), one of them takes the webhook's share again.
   */
  private async stepAside(slot: string): Promise<string | null> {
    await this.release(slot);
    return this.active.size === 0 ? this.lookAgain() : null;
  }

  /** A slot again if a task became due meanwhile (and the caps and the fair share allow). */
  private async lookAgain(): Promise<string | null> {
    const slot = (await this.deps.hasDue()) ? await this.deps.takeOne() : null;
    if (slot) {
      this.active.add(slot);
      this.holding.add(slot);
    }
    return slot;
  }

  /** A stopping lane's slot goes back. */
  private async release(slot: string): Promise<void> {
    this.active.delete(slot);
    try {
      await this.handOver(slot);
    } catch (error) {
      this.deps.onError('giving a slot back', error);
    }
  }

  /** Gives a slot back, and starts drains of the webhooks that wanted one: a freed slot goes to those the workspace cap held back. */
  private async handOver(slot: string): Promise<void> {
    this.holding.delete(slot);
    const wanting = await this.deps.give([slot]);
    if (wanting.length) await this.deps.kick(wanting);
  }

  /** The next claimed task; null when a claim found none due. */
  private async next(): Promise<ClaimedTask | null> {
    if (this.lastClaimFull && this.buffer.length <= this.active.size / 2) void this.refill();
    const task = this.buffer.shift();
    if (task) return task;
    await this.refill();
    return this.buffer.shift() ?? null;
  }

  /**
   * One claim at a time; every lane that needs a task waits for the same one. A failed claim
   * answers no task (the tasks stay due in PostgreSQL; the slot filler starts a drain again).
   */
  private refill(): Promise<void> {
    this.claiming ??= (async () => {
      try {
        const limit = Math.max(1, this.active.size);
        const [claimed] = await Promise.all([this.deps.claim(limit), this.renew()]);
        this.lastClaimFull = claimed.length === limit;
        this.buffer.push(...claimed);
      } catch (error) {
        this.lastClaimFull = false;
        this.deps.onError('claiming due tasks', error);
      } finally {
        this.claiming = null;
      }
    })();
    return this.claiming;
  }

  private async renew(): Promise<void> {
    // A lane that yielded keeps its slot renewed until it gives it back: its last attempt may outlast the TTL's remainder.
    const asked = [...this.holding];
    if (asked.length === 0) return;
    const kept = await this.deps.keep(asked);
    const held = new Set(kept.held);
    // An expired slot may be someone else's now: its lane stops after its current attempt.
    for (const slot of asked)
      if (!held.has(slot)) {
        this.active.delete(slot);
        this.holding.delete(slot);
      }
    const over = this.active.size - kept.share;
    if (over <= 0 || kept.wanting.length === 0) return;
    for (const slot of [...this.active].slice(0, over)) this.active.delete(slot);
  }
}
