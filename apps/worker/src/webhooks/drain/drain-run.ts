import type { ClaimedTask } from '@app/webhooks';

/** What one drain run needs from the worker: the store's claims, the slots, the sender. */
export interface DrainDeps {
  /** Claims up to `limit` due tasks of the webhook (leased), oldest due first. */
  claim(limit: number): Promise<ClaimedTask[]>;
  /** Makes claimed tasks that will not be sent due again at once. */
  unclaim(tasks: ClaimedTask[]): Promise<void>;
  /** Whether the webhook has a due task that nobody claimed. */
  hasDue(): Promise<boolean>;
  /** Takes one more slot of the webhook, if its cap and its workspace's allow (a lane that gave its slot back). */
  takeOne(): Promise<string | null>;
  /** Takes up to `n` more slots for new lanes, as far as the caps and this process' lanes allow. */
  grow(n: number): Promise<string[]>;
  /** A lane stopped for good (this process' lane count). */
  laneDone(): void;
  /** Renews the slots; answers those still held, the fair share of the workspace cap and the webhooks that want slots. */
  keep(slots: string[]): Promise<{ held: string[]; share: number; wanting: string[] }>;
  /** Gives slots back; answers the other webhooks of the workspace that want slots (the cap held them back). */
  give(slots: string[]): Promise<string[]>;
  /**
   * Sends one attempt and answers its recording, which may still run (a success's); neither
   * rejects (failures are recorded or logged).
   */
  send(task: ClaimedTask): Promise<{ recording: Promise<void> }>;
  /** Starts drains of other webhooks of the workspace that the cap held back. */
  kick(webhookIds: string[]): Promise<void>;
  closing(): boolean;
  onError(what: string, error: unknown): void;
}

/**
 * One drain of one webhook with the slots it holds: each slot is a lane that sends the webhook's
 * due tasks one after another. Lanes share the claimed tasks; a claim takes two for each lane.
 * While claims come back full (a backlog) the drain grows (as many new lanes as it has, up to the
 * caps) and the next claim is made when fewer tasks than half the lanes are still unsent, so lanes
 * rarely wait for PostgreSQL. A claimed task is sent only while its lease still leaves
 * `minLeaseLeftMs` for the attempt and its recording; one that waited longer (lanes held by slow
 * receivers) is made due again instead, so no lease runs out mid-attempt (invariant 2). A claim
 * also renews the slots, unless they were renewed less than a quarter of a renew period ago: a
 * drain of a backlog claims many times a second, and its share changes no faster.
 *
 * A lane that finds no due task gives its slot back at once and then looks once more, taking a
 * slot again if a task became due: a relay that found every slot held while this lane had it left
 * its new tasks to this look. A lane whose slot expired, or that is over the drain's fair share
 * while other webhooks of the workspace wait for slots, stops after its current attempt (the
 * drain's last lane then looks once more too). The share is the webhook's, less the slots its
 * other drains hold, so several drains of one webhook together keep no more than one share.
 * Every slot given back starts drains of the webhooks the workspace cap held back.
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
  /** When the last renewal started (Date.now()). */
  private renewedAt = 0;
  private growth: Promise<void> | null = null;
  private readonly lanes = new Set<Promise<void>>();

  constructor(
    private readonly deps: DrainDeps,
    private readonly slots: string[],
    private readonly renewEveryMs: number,
    /** The lease a task must have left when its attempt starts: the send's timeout and the recording's retries. */
    private readonly minLeaseLeftMs: number,
  ) {}

  async run(): Promise<void> {
    const renew = setInterval(
      () => void this.renew().catch((e) => this.deps.onError('renewing slots', e)),
      this.renewEveryMs,
    );
    // Every lane is counted before the first claim, which takes as many tasks as there are lanes.
    for (const slot of this.slots) this.hold(slot);
    try {
      for (const slot of this.slots) this.startLane(slot);
      // A growth still taking slots may add lanes after the others stopped: wait for it too.
      while (this.lanes.size > 0 || this.growth) {
        await this.growth;
        await Promise.all([...this.lanes]);
      }
    } finally {
      clearInterval(renew);
      await this.claiming;
      await this.deps.unclaim(this.buffer.splice(0)).catch((e) => this.deps.onError('releasing claimed tasks', e));
    }
  }

  private hold(slot: string): void {
    this.active.add(slot);
    this.holding.add(slot);
  }

  private startLane(slot: string): void {
    this.hold(slot);
    const lane = this.lane(slot).finally(() => {
      this.lanes.delete(lane);
      this.deps.laneDone();
    });
    this.lanes.add(lane);
  }

  /** A backlog: as many new lanes as there are, if the caps and this process allow (one growth at a time). */
  private grow(): void {
    if (this.growth || this.deps.closing()) return;
    this.growth = (async () => {
      try {
        for (const slot of await this.deps.grow(this.active.size)) this.startLane(slot);
      } catch (error) {
        this.deps.onError('taking more slots', error);
      } finally {
        this.growth = null;
      }
    })();
  }

  /**
   * A lane sends the next task while the previous success is still being recorded: at most one
   * recording of each lane is pending, and the lane waits for it before it stops.
   */
  private async lane(first: string): Promise<void> {
    let slot: string | null = first;
    let recording: Promise<void> = Promise.resolve();
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
          const sent = await this.deps.send(task);
          await recording;
          recording = sent.recording;
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
      await recording;
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
    if (slot) this.hold(slot);
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
    await this.releaseStale();
    if (this.lastClaimFull && this.buffer.length <= this.active.size / 2) void this.refill();
    const task = this.buffer.shift();
    if (task) return task;
    await this.refill();
    await this.releaseStale(); // a claim that took long may answer tasks it leased too long ago
    return this.buffer.shift() ?? null;
  }

  /**
   * Claimed tasks whose lease no longer covers a whole attempt are made due again rather than sent.
   * Claims come in lease order, so they are at the front of the buffer.
   */
  private async releaseStale(): Promise<void> {
    const startBy = Date.now() + this.minLeaseLeftMs;
    let stale = 0;
    while (stale < this.buffer.length && this.buffer[stale].leaseEndsAt < startBy) stale += 1;
    if (stale === 0) return;
    await this.deps.unclaim(this.buffer.splice(0, stale)).catch((e) => this.deps.onError('releasing claimed tasks', e));
  }

  /**
   * One claim at a time; every lane that needs a task waits for the same one. A failed claim
   * answers no task (the tasks stay due in PostgreSQL; the slot filler starts a drain again).
   */
  private refill(): Promise<void> {
    this.claiming ??= (async () => {
      try {
        const limit = Math.max(1, 2 * this.active.size);
        const renewing = Date.now() - this.renewedAt >= this.renewEveryMs / 4 ? this.renew() : undefined;
        const [claimed] = await Promise.all([this.deps.claim(limit), renewing]);
        this.lastClaimFull = claimed.length === limit;
        this.buffer.push(...claimed);
        if (this.lastClaimFull) this.grow();
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
    this.renewedAt = Date.now();
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
