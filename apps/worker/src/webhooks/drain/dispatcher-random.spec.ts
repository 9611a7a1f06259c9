import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeliveryDb } from '@app/webhooks/delivery-store/delivery-db';
import { ClaimedTask, DeliveryStore } from '@app/webhooks/delivery-store/delivery-store';
import { seededRandom } from '@test/support/seeded-random';
import Redis from 'ioredis';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../../../test/support/database';
import { AttemptRecorder } from '../attempt-recorder';
import type { DeliveryQueue, DrainJobData, DrainRequest } from '../delivery-queue.service';
import { DeliverySlots } from '../slots/delivery-slots';
import { DrainDeps, DrainRun } from './drain-run';
import { FIRST_LANES, startDrains } from './start-drains';

/**
 * The randomized judge of the dispatcher (docs/webhook-delivery.md, "In-flight limits"): drains of
 * several worker processes against the real DeliveryStore (PostgreSQL) and DeliverySlots (Redis),
 * with a fake receiver, tasks added over time, retries, slot filler passes, duplicate and stale
 * drain jobs, crashes (every call of a crashed process hangs forever) and graceful stops. The
 * invariants below are checked after every step. A seed fixes the schedule, not the interleaving
 * (the clock is real): DISPATCHER_FUZZ_SEED=<seed> replays one, DISPATCHER_FUZZ_RUNS=<n> draws more.
 */
const INVARIANTS = {
  caps: '1 caps: live sends per webhook and per workspace stay within their caps; a live drain never loses a slot to expiry',
  oneSend: '2 one live send per task (the lease and SKIP LOCKED)',
  onlySlots: '3 Redis holds only slot sets and wanting sets, nothing that names a task',
  ownedSlots:
    '4 every slot in Redis is held by a live drain, a queued job, a take in flight or a dead run; never one given back',
  liveness:
    '5 due tasks get a send within filler period + TTL + margin; without a crash, stop or lost job none waits for the filler',
  end: '6 at the end every task succeeded once, each attempt was sent once (again only after its holder crashed), Redis is empty',
  fairness:
    '7 two webhooks of one workspace with backlogs: neither waits more than a few renew periods for its first slot',
} as const;

type Invariant = keyof typeof INVARIANTS;

class Violation extends Error {
  constructor(invariant: Invariant, detail: string) {
    super(`invariant ${INVARIANTS[invariant]}: ${detail}`);
  }
}

/** The timed invariants: they assume the host runs the drains' timers and Redis calls on time. */
const TIMED: readonly Invariant[] = ['caps', 'liveness', 'fairness'];

/**
 * A run whose host stalled (event loop or Redis) for longer than the protocol allows a renewal to be late
 * (TTL less one renew period) just before a timed invariant broke: the run proves nothing either way and is
 * replayed. Production's TTL is WEBHOOK_TIMEOUT_MS + 5 s; the simulation's ~450 ms is what a busy CI box can stall.
 */
class Inconclusive extends Error {}

/** Records stalls of the event loop (a 10 ms timer that fired late) and of slot calls (a slow round trip). */
class StallWatch {
  private readonly stalls: { at: number; ms: number; what: string }[] = [];
  private last = Date.now();
  private readonly timer = setInterval(() => {
    const now = Date.now();
    this.saw('event loop', now - this.last - 10, now);
    this.last = now;
  }, 10).unref();

  constructor(private readonly thresholdMs: number) {}

  saw(what: string, ms: number, at = Date.now()): void {
    if (ms >= this.thresholdMs) this.stalls.push({ at, ms, what });
  }

  /** A stall that ended within `windowMs` before now. */
  recent(windowMs: number): { ms: number; what: string } | undefined {
    const since = Date.now() - windowMs;
    return this.stalls.find((s) => s.at >= since);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

const FIXED_SEEDS = [20261126, 7, 424242];
const RUNS = Number(process.env.DISPATCHER_FUZZ_RUNS ?? FIXED_SEEDS.length);
const SEEDS = process.env.DISPATCHER_FUZZ_SEED
  ? [Number(process.env.DISPATCHER_FUZZ_SEED)]
  : process.env.DISPATCHER_FUZZ_RUNS
    ? Array.from({ length: RUNS }, () => Math.floor(Math.random() * 2 ** 31))
    : FIXED_SEEDS;

// Redis database 0 by default: the black-box stacks (databases 1-15 by TEST_REDIS_DB_OFFSET) and the benchmarks
// (database 14) flush theirs, which would take slots from under the drains. Keys live under a random prefix, removed afterwards.
const redisDb = Number(process.env.DISPATCHER_REDIS_DB ?? '0');
let db: TestDatabase;
let deliveryDb: DeliveryDb;
let store: DeliveryStore;
let redis: Redis;
const prefixes: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  deliveryDb = new DeliveryDb(db.url, 6);
  store = new DeliveryStore(deliveryDb);
  redis = new Redis(`${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/${redisDb}`, {
    maxRetriesPerRequest: 1,
  });
}, 60000);

afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  }
  redis?.disconnect();
  await deliveryDb?.close();
  await db?.drop();
});

/** A worker process. Once crashed, each of its calls hangs forever (until `reap` ends the test's hold on them). */
class Proc {
  crashed = false;
  stopping = false;
  reaped = false;
  lanesInUse = 0;
  /** Its sends in flight; they count as gone when it crashes. */
  readonly sends = new Set<{ crashed: boolean }>();
  private readonly hung: ((e: Error) => void)[] = [];

  constructor(readonly id: number) {}

  get live(): boolean {
    return !this.crashed && !this.stopping;
  }

  call<T>(fn: () => Promise<T>): Promise<T> {
    if (this.reaped) return Promise.reject(new Error('process gone'));
    if (this.crashed) return this.hang();
    return fn().then(
      (v) => (this.crashed ? this.hang() : v),
      (e) => (this.crashed ? this.hang() : Promise.reject(e as Error)),
    );
  }

  hang(): Promise<never> {
    return new Promise((_, reject) => this.hung.push(reject));
  }

  reap(): void {
    this.reaped = true;
    for (const reject of this.hung.splice(0)) reject(new Error('process gone'));
  }
}

interface SlotOwner {
  proc: Proc | null; // null: carried by a queued job
  releasedAt: number | null; // given back, or found expired by keep
  given?: boolean;
}

interface LiveSend {
  proc: Proc;
  taskKey: string;
  attemptKey: string;
  webhookId: string;
  workspaceId: string;
}

interface Expectation {
  webhookId: string;
  since: number;
  deadline: number;
}

interface Job {
  data: Required<Pick<DrainJobData, 'webhookId' | 'workspaceId'>> & { slots?: string[] };
  proc: Proc | null;
  done: boolean;
}

class Sim {
  readonly rnd: () => number;
  readonly prefix = `dsim${randomBytes(4).toString('hex')}`;
  readonly perWebhook: number;
  readonly perWorkspace: number;
  readonly ttlMs: number;
  readonly renewEveryMs: number;
  readonly leaseMs = 1000;
  readonly fillerMaxGapMs = 800;
  readonly slots: DeliverySlots;
  readonly recorder = new AttemptRecorder(store);
  readonly hooks: { webhookId: string; workspaceId: string }[] = [];
  readonly procs: Proc[] = [];
  readonly owners = new Map<string, SlotOwner>();
  readonly takesInFlight = new Map<string, number>();
  readonly live = new Set<LiveSend>();
  /** Per (task, attempt): the sends, and whether each ended with its process crashed while holding it. */
  readonly sends = new Map<string, { crashed: boolean }[]>();
  readonly tasks = new Set<string>();
  readonly expectations = new Set<Expectation>();
  readonly lastSendAt = new Map<string, number>();
  readonly jobs: Job[] = [];
  readonly runs = new Set<Promise<void>>();
  readonly errors: string[] = [];
  readonly delayed = new Set<string>();
  timers = 0;
  /** Drains the filler started for webhooks nobody drained, and how many of those it was checked for (no disruption). */
  rescues = 0;
  checkedRescues = 0;
  /** When a process crashed or stopped: its claims and slots come back only by expiry and the filler. */
  readonly disruptions: number[] = [];
  /** Per webhook, when a relay died before its hand-off or a retry's delayed drain was lost. */
  readonly lostHandOffs = new Map<string, number[]>();
  sendMs: [number, number] = [2, 30];
  failRate = 0.25;
  raceRate = 0.3;
  races = Infinity;
  adding = true;
  violation: Violation | null = null;
  inconclusive: string | null = null;
  readonly stallWatch: StallWatch;
  private seq = 0;
  private procSeq = 0;
  /** WEBHOOK_CONCURRENCY of a simulated process: growth stops there. */
  private readonly processLanes = 8;

  constructor(readonly seed: number) {
    this.rnd = seededRandom(seed);
    this.perWebhook = 2 + this.int(2);
    this.perWorkspace = 3 + this.int(2);
    this.ttlMs = 400 + this.int(101);
    this.renewEveryMs = Math.max(100, Math.floor(this.ttlMs / 3));
    this.stallWatch = new StallWatch(this.ttlMs - this.renewEveryMs - 50);
    this.slots = new DeliverySlots(
      redis,
      { perWebhook: this.perWebhook, perWorkspace: this.perWorkspace, ttlMs: this.ttlMs },
      this.prefix,
    );
    prefixes.push(this.prefix);
  }

  int(n: number): number {
    return Math.floor(this.rnd() * n);
  }

  pick<T>(items: T[]): T {
    return items[this.int(items.length)];
  }

  /** What happened lately, printed with a violation. */
  readonly trace: string[] = [];
  private readonly t0 = Date.now();

  note(what: string): void {
    this.trace.push(`${Date.now() - this.t0} ${what}`);
    if (this.trace.length > 300) this.trace.shift();
  }

  fail(invariant: Invariant, detail: string): void {
    if (this.violation || this.inconclusive) return;
    const stall = TIMED.includes(invariant) ? this.stallWatch.recent(2 * this.ttlMs + 1000) : undefined;
    if (stall) {
      this.inconclusive = `the ${stall.what} stalled ${stall.ms} ms (TTL ${this.ttlMs} ms) before: ${detail}`;
      console.log(`dispatcher-random: seed ${this.seed}: inconclusive, ${this.inconclusive}`);
      return;
    }
    this.violation = new Violation(invariant, `${detail} (seed ${this.seed})`);
    console.log(
      `dispatcher-random: seed ${this.seed}: ${this.violation.message}\nlast steps:\n${this.trace.join('\n')}`,
    );
  }

  async setup(): Promise<void> {
    // Three workspaces: three webhooks, two, one.
    for (const [w, count] of [3, 2, 1].entries()) {
      const workspaceId = `ws_${this.prefix}_${w}`;
      await db.query(`INSERT INTO workspaces (id, name, credits) VALUES ($1, 'sim', 0)`, [workspaceId]);
      for (let h = 0; h < count; h++) {
        const webhookId = `wh_${this.prefix}_${w}${h}`;
        await db.query(
          `INSERT INTO webhooks (id, workspace_id, url, events, secret_ciphertext, created_at, updated_at)
           VALUES ($1, $2, 'https://receiver.example.com/hook', ARRAY['company.saved'], 'unused', now(), now())`,
          [webhookId, workspaceId],
        );
        this.hooks.push({ webhookId, workspaceId });
      }
    }
    this.startProc();
    this.startProc();
  }

  lostHandOff(webhookId: string, dueAt: number): void {
    this.lostHandOffs.set(webhookId, [...(this.lostHandOffs.get(webhookId) ?? []), dueAt]);
  }

  /** Whether a due task of the webhook that fell due at `dueAt` may have been left to the filler by a crash, a stop or a lost hand-off. */
  mayBeLeft(webhookId: string, dueAt: number): boolean {
    const slack = 2 * this.renewEveryMs + 250;
    return (
      this.disruptions.some((t) => t >= dueAt - this.leaseMs - this.ttlMs - slack) ||
      (this.lostHandOffs.get(webhookId) ?? []).some((t) => t >= dueAt - slack)
    );
  }

  startProc(): Proc {
    const proc = new Proc(++this.procSeq);
    this.procs.push(proc);
    return proc;
  }

  liveProcs(): Proc[] {
    return this.procs.filter((p) => p.live);
  }

  // ---- the relay and the filler ----

  /** What the relay does: tasks committed, then drains started for their webhook (unless it died in between). */
  async addTasks(hook: { webhookId: string; workspaceId: string }, n: number, handOff = true): Promise<void> {
    const events = Array.from({ length: n }, () => `evt_${this.prefix}_${++this.seq}`);
    await deliveryDb.pool.query(
      `INSERT INTO events (id, workspace_id, type, body, created_at, relayed_at)
       SELECT id, $2, 'company.saved', '{}', now(), now() FROM unnest($1::text[]) AS id`,
      [events, hook.workspaceId],
    );
    await deliveryDb.pool.query(
      `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
       SELECT id, $2, $3, 'company.saved', 'pending', 0, now() FROM unnest($1::text[]) AS id`,
      [events, hook.webhookId, hook.workspaceId],
    );
    for (const e of events) this.tasks.add(`${e}|${hook.webhookId}`);
    if (!handOff) return this.lostHandOff(hook.webhookId, Date.now());
    await startDrains(this.relaySlots(), this.queue(null), [{ ...hook, lanes: n }]);
  }

  /**
   * One pass of the slot filler. A drain it starts for a webhook nobody drains, with a due task older than a few
   * renew periods and no crash, stop or lost hand-off to explain it, means a task was left to it (invariant 5).
   */
  async fillerPass(): Promise<void> {
    // The database is shared by the runs: a failed run's tasks stay its own.
    const mine = new Set(this.hooks.map((h) => h.webhookId));
    const due = (await store.webhooksWithDueTasks(1000)).filter((d) => mine.has(d.webhookId));
    const oldest = new Map(
      (
        await db.query<{ webhook_id: string; age: number }>(
          `SELECT webhook_id, (EXTRACT(EPOCH FROM now() - min(next_attempt_at)) * 1000)::float8 AS age
             FROM webhook_tasks WHERE state = 'pending' AND next_attempt_at <= now() GROUP BY webhook_id`,
        )
      ).map((r) => [r.webhook_id, Number(r.age)]),
    );
    // Ages are of the query's time: a due time taken from Date.now() after the awaits below would come out later
    // than it was, by however long a loaded box took, and hide the crash or stop that explains a rescue.
    const agedAt = Date.now();
    const drained = new Set(
      [...this.owners.entries()]
        .filter(([, o]) => o.releasedAt === null && (o.proc === null || o.proc.live))
        .map(([m]) => m.split(':')[0]),
    );
    const queue = this.queue(null);
    await startDrains(
      this.relaySlots(),
      {
        enqueue: async (drains: DrainRequest[]) => {
          const late = 2 * this.renewEveryMs + 250;
          for (const d of drains) {
            const age = oldest.get(d.webhookId) ?? 0;
            if (!drained.has(d.webhookId)) this.rescues++;
            if (!drained.has(d.webhookId) && !this.mayBeLeft(d.webhookId, agedAt - age)) this.checkedRescues++;
            if (age > late && !drained.has(d.webhookId) && !this.mayBeLeft(d.webhookId, agedAt - age))
              this.fail('liveness', `${d.webhookId}: a due task waited ${Math.round(age)} ms for the slot filler`);
          }
          await queue.enqueue(drains);
        },
      } as unknown as DeliveryQueue,
      due.map((d) => ({ ...d, lanes: FIRST_LANES })),
    );
  }

  // ---- the queue (BullMQ) ----

  queue(from: Proc | null): DeliveryQueue {
    return {
      enqueue: async (drains: DrainRequest[]) => {
        if (from?.crashed) return from.hang();
        const now = Date.now();
        for (const { webhookId, workspaceId, slots, at } of drains) {
          let delay = 0;
          if (at && at.getTime() > now) {
            const window = Math.ceil(at.getTime() / 100);
            const jobId = `later.${webhookId}.${window}`;
            if (this.delayed.has(jobId)) continue;
            this.delayed.add(jobId);
            delay = window * 100 - now;
          }
          for (const m of slots ?? []) {
            const owner = this.owners.get(m);
            if (owner) owner.proc = null;
          }
          this.schedule(
            { data: { webhookId, workspaceId, ...(slots?.length ? { slots } : {}) }, proc: null, done: false },
            delay + this.int(15),
          );
        }
      },
    } as unknown as DeliveryQueue;
  }

  schedule(job: Job, delay: number): void {
    this.timers++;
    setTimeout(() => {
      this.timers--;
      const procs = this.liveProcs();
      if (procs.length === 0) return; // lost, as with a worker gone
      job.proc = this.pick(procs);
      for (const m of job.data.slots ?? []) {
        const owner = this.owners.get(m);
        if (owner && owner.releasedAt === null && owner.proc === null) owner.proc = job.proc;
      }
      this.jobs.push(job);
      this.note(`p${job.proc.id} job ${job.data.webhookId} with ${job.data.slots?.length ?? 0} slots`);
      const run = this.runJob(job.proc, job).catch((e) => {
        if (!job.proc!.crashed && !job.proc!.reaped) this.errors.push(`job: ${(e as Error).message}`);
      });
      this.runs.add(run);
      void run.finally(() => {
        job.done = true;
        this.runs.delete(run);
      });
    }, delay);
  }

  // ---- the slots, tracked ----

  /** The slots as the relay and the filler see them (startDrains), tracked. */
  relaySlots(): DeliverySlots {
    return {
      limits: this.slots.limits,
      take: (workspaceId: string, webhookId: string, want: number) => this.take(null, workspaceId, webhookId, want),
    } as unknown as DeliverySlots;
  }

  async take(proc: Proc | null, workspaceId: string, webhookId: string, want: number): Promise<string[]> {
    this.takesInFlight.set(webhookId, (this.takesInFlight.get(webhookId) ?? 0) + 1);
    const take = () => this.timed(() => this.slots.take(workspaceId, webhookId, want));
    const taken = await (proc ? proc.call(take) : take());
    for (const m of taken) this.owners.set(m, { proc, releasedAt: null });
    this.note(
      `p${proc?.id ?? '-'} take ${webhookId} want ${want}: [${taken.map((m) => m.split(':').slice(1).join(':')).join()}]`,
    );
    this.takesInFlight.set(webhookId, this.takesInFlight.get(webhookId)! - 1);
    return taken;
  }

  /** A slot call, its round trip watched for stalls. */
  async timed<T>(call: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await call();
    } finally {
      this.stallWatch.saw('Redis round trip', Date.now() - started);
    }
  }

  async keep(proc: Proc, workspaceId: string, webhookId: string, members: string[]) {
    const kept = await proc.call(() => this.timed(() => this.slots.keep(workspaceId, webhookId, members)));
    const held = new Set(kept.held);
    this.note(
      `p${proc.id} keep ${webhookId} [${members.map((m) => m.split(':').slice(1).join(':')).join()}]: held ${kept.held.length} share ${kept.share} wanting [${kept.wanting.join()}]`,
    );
    for (const m of members) {
      const owner = this.owners.get(m);
      if (!owner) continue;
      if (held.has(m)) owner.proc = proc;
      else owner.releasedAt ??= Date.now();
    }
    return kept;
  }

  /** DeliveryDrains.run's hand-over of a job's slots: the old names are given up, the new ones this run's. */
  async adopt(proc: Proc, workspaceId: string, webhookId: string, members: string[]): Promise<string[]> {
    if (members.length === 0) return [];
    // Its new names are in Redis before they are tracked here: a take in flight meanwhile (invariant 4).
    this.takesInFlight.set(webhookId, (this.takesInFlight.get(webhookId) ?? 0) + 1);
    const adopted = await proc.call(() => this.timed(() => this.slots.adopt(workspaceId, webhookId, members)));
    this.note(
      `p${proc.id} adopt ${webhookId} [${members.map((m) => m.split(':').slice(1).join(':')).join()}]: [${adopted.map((m) => m.split(':').slice(1).join(':')).join()}]`,
    );
    // The first adopted names were the first of the members still held; the rest had been given back or expired.
    for (const m of members) {
      const owner = this.owners.get(m);
      if (owner) owner.releasedAt ??= Date.now();
    }
    for (const m of adopted) this.owners.set(m, { proc, releasedAt: null });
    this.takesInFlight.set(webhookId, this.takesInFlight.get(webhookId)! - 1);
    return adopted;
  }

  async give(proc: Proc, workspaceId: string, webhookId: string, members: string[]): Promise<string[]> {
    const { freed, wanting } = await proc.call(() =>
      this.timed(() => this.slots.give(workspaceId, webhookId, members)),
    );
    this.note(
      `p${proc.id} give ${webhookId} [${members.map((m) => m.split(':').slice(1).join(':')).join()}] freed ${freed}: wanting [${wanting.join()}]`,
    );
    for (const m of members) {
      const owner = this.owners.get(m);
      if (owner) {
        owner.releasedAt ??= Date.now();
        // Given while still held (not after it expired).
        if (freed === members.length) owner.given = true;
      }
    }
    return wanting;
  }

  // ---- a worker: DeliveryDrains.run, and the receiver ----

  async runJob(proc: Proc, job: Job): Promise<void> {
    const { webhookId, workspaceId } = job.data;
    let slots = await this.adopt(proc, workspaceId, webhookId, job.data.slots ?? []);
    if (slots.length === 0) slots = await this.take(proc, workspaceId, webhookId, FIRST_LANES);
    if (proc.stopping) return void (await this.give(proc, workspaceId, webhookId, slots));
    if (slots.length === 0) return;
    const deps: DrainDeps = {
      claim: (limit) =>
        proc.call(async () => {
          const claimed = await store.claimDue(webhookId, limit, this.leaseMs);
          // The relay commits a task just as the drain finds none due: its take finds the slots held.
          if (claimed.length === 0 && this.adding && this.races > 0 && this.rnd() < this.raceRate && this.races--)
            await this.addTasks(
              this.hooks.find((h) => h.webhookId === webhookId)!,
              1,
            );
          return claimed;
        }),
      unclaim: (tasks) => proc.call(() => store.releaseClaims(tasks)),
      hasDue: () => proc.call(() => store.hasDueTask(webhookId)),
      takeOne: async () => (await this.take(proc, workspaceId, webhookId, 1))[0] ?? null,
      grow: async (n) => {
        // DeliveryDrains.grow: no more lanes than the process has left.
        const want = Math.min(n, this.processLanes - proc.lanesInUse);
        if (want <= 0) return [];
        proc.lanesInUse += want;
        const taken = await this.take(proc, workspaceId, webhookId, want);
        proc.lanesInUse -= want - taken.length;
        return taken;
      },
      laneDone: () => (proc.lanesInUse -= 1),
      keep: async (asked) => {
        const kept = await this.keep(proc, workspaceId, webhookId, asked);
        // Renewing every third of the TTL keeps a live lane's slot: one lost would let another drain take it mid-send.
        // A slot missing from the answer was given back by a lane meanwhile (its answer may come a little later), or expired.
        const held = new Set(kept.held);
        for (const m of asked.filter((a) => !held.has(a)))
          setTimeout(() => {
            if (!proc.crashed && !this.owners.get(m)?.given)
              this.fail('caps', `${webhookId}: the slot ${m} of a live drain expired`);
          }, 100);
        return kept;
      },
      give: (given) => this.give(proc, workspaceId, webhookId, given),
      // Sends and records before it answers (the lanes' overlap of a recording with the next send is not simulated).
      send: async (task) => {
        await this.send(proc, task);
        return { recording: Promise.resolve() };
      },
      kick: (ids) =>
        (this.note(`p${proc.id} kick [${ids.join()}]`), this.queue(proc)).enqueue(
          ids.map((id) => ({ webhookId: id, workspaceId })),
        ),
      closing: () => proc.stopping || proc.reaped,
      onError: (what, error) => {
        if (!proc.crashed && !proc.reaped) this.errors.push(`${webhookId}: ${what}: ${(error as Error).message}`);
      },
    };
    proc.lanesInUse += slots.length;
    await new DrainRun(deps, slots, this.renewEveryMs, this.leaseMs / 2).run();
  }

  async send(proc: Proc, task: ClaimedTask): Promise<void> {
    if (proc.crashed) return proc.hang();
    const taskKey = `${task.eventId}|${task.webhookId}`;
    const attemptKey = `${taskKey}|${task.attempt}`;
    for (const other of this.live)
      if (other.taskKey === taskKey) this.fail('oneSend', `${attemptKey} sent while ${other.attemptKey} is in flight`);
    const earlier = this.sends.get(attemptKey) ?? [];
    if (earlier.some((s) => !s.crashed))
      this.fail('end', `${attemptKey} sent again though an earlier send of it finished`);
    const mine = { crashed: false };
    this.sends.set(attemptKey, [...earlier, mine]);
    const send: LiveSend = { proc, taskKey, attemptKey, webhookId: task.webhookId, workspaceId: task.workspaceId };
    this.live.add(send);
    const perHook = [...this.live].filter((s) => s.webhookId === task.webhookId).length;
    const perWs = [...this.live].filter((s) => s.workspaceId === task.workspaceId).length;
    const inFlight = () =>
      [...this.live]
        .filter((l) => l.webhookId === task.webhookId)
        .map((l) => `p${l.proc.id} ${l.attemptKey}`)
        .join(', ');
    if (perHook > this.perWebhook)
      this.fail('caps', `${perHook} live sends to ${task.webhookId}, cap ${this.perWebhook}: ${inFlight()}`);
    if (perWs > this.perWorkspace)
      this.fail('caps', `${perWs} live sends in ${task.workspaceId}, cap ${this.perWorkspace}`);
    const now = Date.now();
    this.lastSendAt.set(task.webhookId, now);
    for (const e of this.expectations) if (e.webhookId === task.webhookId && e.since < now) this.expectations.delete(e);
    proc.sends.add(mine);
    this.note(`p${proc.id} send ${attemptKey} (${perHook} to the webhook, ${perWs} in the workspace)`);
    await proc.call(() => sleep(this.sendMs[0] + this.int(this.sendMs[1] - this.sendMs[0])));
    const ok = task.attempt >= 3 || this.rnd() >= this.failRate;
    const startedAt = new Date();
    const nextAttemptAt = ok ? null : new Date(Date.now() + 50 + this.int(250));
    const recorded = await proc.call(() =>
      this.recorder.record({
        eventId: task.eventId,
        webhookId: task.webhookId,
        attempt: task.attempt,
        state: ok ? 'succeeded' : 'pending',
        nextAttemptAt,
        deliveryId: `dlv_${this.prefix}_${++this.seq}`,
        status: ok ? 'succeeded' : 'failed',
        responseStatus: ok ? 200 : 503,
        error: ok ? null : 'http_status',
        durationMs: 1,
        startedAt,
      }),
    );
    this.live.delete(send);
    proc.sends.delete(mine);
    if (!recorded || ok) return;
    // The retry's delayed drain; sometimes lost (its Redis write failed), left to the slot filler.
    if (this.rnd() < 0.1) this.lostHandOff(task.webhookId, nextAttemptAt!.getTime());
    else
      await this.queue(proc).enqueue([
        { webhookId: task.webhookId, workspaceId: task.workspaceId, at: nextAttemptAt! },
      ]);
  }

  crash(proc: Proc): void {
    proc.crashed = true;
    this.disruptions.push(Date.now());
    this.note(`p${proc.id} crashed`);
    for (const s of [...this.live]) if (s.proc === proc) this.live.delete(s);
    for (const mine of proc.sends) mine.crashed = true;
    // Expectations made while this process held the work may be void: its claims wait for their lease.
    this.expectations.clear();
  }

  // ---- checks ----

  async checkRedis(): Promise<void> {
    const started = Date.now();
    const keys = await redis.keys(`${this.prefix}:*`);
    const shape = new RegExp(
      `^${this.prefix}:\\{(ws_${this.prefix}_\\d)\\}:(ws|wanting|hook:(wh_${this.prefix}_\\d+))$`,
    );
    const [redisNow] = await redis.time();
    for (const key of keys) {
      const match = shape.exec(key);
      if (!match) {
        this.fail('onlySlots', `unexpected key ${key}`);
        continue;
      }
      const entries = await redis.zrange(key, '0', '-1', 'WITHSCORES');
      for (let i = 0; i < entries.length; i += 2) {
        const member = entries[i];
        const score = Number(entries[i + 1]);
        if (member.includes('evt_')) this.fail('onlySlots', `${key} names a task: ${member}`);
        if (match[2] === 'wanting') {
          if (!this.hooks.some((h) => h.webhookId === member)) this.fail('onlySlots', `${key} holds ${member}`);
          continue;
        }
        if (!/^wh_[^:]+:[\w-]+:\d+$/.test(member)) this.fail('onlySlots', `${key} holds ${member}`);
        const owner = this.owners.get(member);
        if (owner?.releasedAt != null && owner.releasedAt < started)
          this.fail(
            'ownedSlots',
            `${member} is in ${key} though it was given back ${started - owner.releasedAt} ms ago`,
          );
        const webhookId = member.split(':')[0];
        if (!owner && !this.takesInFlight.get(webhookId) && score > Number(redisNow) * 1000)
          this.fail('ownedSlots', `${member} in ${key} was taken by nobody`);
      }
    }
  }

  checkExpectations(): void {
    const now = Date.now();
    for (const e of this.expectations)
      if (now > e.deadline)
        this.fail('liveness', `${e.webhookId} had due tasks ${now - e.since} ms ago and sent nothing since`);
  }

  async expectProgress(): Promise<void> {
    const due = await db.query<{ webhook_id: string }>(
      `SELECT DISTINCT webhook_id FROM webhook_tasks
        WHERE state = 'pending' AND next_attempt_at <= now() AND webhook_id LIKE $1`,
      [`wh_${this.prefix}_%`],
    );
    const since = Date.now();
    const deadline = since + this.fillerMaxGapMs + this.ttlMs + 1000;
    for (const { webhook_id } of due) this.expectations.add({ webhookId: webhook_id, since, deadline });
  }

  throwIfViolated(): void {
    if (this.violation) throw this.violation;
    if (this.inconclusive) throw new Inconclusive(this.inconclusive);
    if (this.errors.length) throw new Error(`drain errors (seed ${this.seed}): ${this.errors.slice(0, 3).join('; ')}`);
  }
}

async function pendingTasks(sim: Sim): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_tasks WHERE state = 'pending' AND webhook_id LIKE $1`,
    [`wh_${sim.prefix}_%`],
  );
  return row.n;
}

/** Fairness: the first webhook of workspace 0 has a long backlog and every slot; the others get tasks and must get slots soon. */
async function fairnessPhase(sim: Sim): Promise<void> {
  const [hog, ...others] = sim.hooks.filter((h) => h.workspaceId.endsWith('_0'));
  sim.sendMs = [30, 50];
  await sim.addTasks(hog, 90 + sim.int(40));
  await sleep(sim.renewEveryMs);
  const since = Date.now();
  for (const h of others) await sim.addTasks(h, 3);
  const bound = 4 * sim.renewEveryMs + 400;
  while (Date.now() - since < bound && others.some((h) => (sim.lastSendAt.get(h.webhookId) ?? 0) < since)) {
    await sim.checkRedis();
    sim.throwIfViolated();
    await sleep(20);
  }
  for (const h of others)
    if ((sim.lastSendAt.get(h.webhookId) ?? 0) < since)
      sim.fail('fairness', `${h.webhookId} got no slot within ${bound} ms while ${hog.webhookId} drained its backlog`);
  sim.sendMs = [2, 30];
}

async function randomPhase(sim: Sim, ms: number): Promise<void> {
  const end = Date.now() + ms;
  let nextFiller = Date.now() + sim.int(sim.fillerMaxGapMs);
  let step = 0;
  let stormy = false;
  let segmentEnd = 0;
  while (Date.now() < end) {
    step++;
    if (Date.now() >= segmentEnd) {
      // Stormy stretches crash and stop processes; calm ones let the hand-off checks of invariant 5 apply.
      stormy = sim.rnd() < 0.5;
      segmentEnd = Date.now() + 500 + sim.int(1000);
    }
    const r = sim.rnd();
    if (Date.now() >= nextFiller) {
      await sim.fillerPass();
      nextFiller = Date.now() + 200 + sim.int(sim.fillerMaxGapMs - 200);
    } else if (r < 0.3) {
      await sim.addTasks(sim.pick(sim.hooks), 1 + sim.int(6), sim.rnd() > 0.05);
    } else if (r < 0.36 && stormy) {
      const victims = sim.liveProcs();
      if (victims.length > 1 || (victims.length === 1 && sim.rnd() < 0.5)) sim.crash(sim.pick(victims));
      sim.startProc();
    } else if (r < 0.38 && stormy && sim.liveProcs().length > 0) {
      sim.pick(sim.liveProcs()).stopping = true;
      sim.disruptions.push(Date.now());
      sim.startProc();
    } else if (r < 0.42) {
      // A drain job again: a finished or crashed one with its (stale or dead) slots, or a second drain of a webhook.
      const old = sim.jobs.filter((j) => j.done || j.proc?.crashed);
      if (old.length && sim.rnd() < 0.7) sim.schedule({ data: { ...sim.pick(old).data }, proc: null, done: false }, 0);
      else {
        const h = sim.pick(sim.hooks);
        sim.schedule({ data: { webhookId: h.webhookId, workspaceId: h.workspaceId }, proc: null, done: false }, 0);
      }
    } else if (r < 0.47) {
      await sim.expectProgress();
    } else {
      await sleep(5 + sim.int(60));
    }
    if (sim.liveProcs().length === 0) sim.startProc();
    await sim.checkRedis();
    sim.checkExpectations();
    sim.throwIfViolated();
  }
  return void step;
}

/** No more tasks, crashes or stops: filler passes until nothing is pending or running, then the end state. */
async function settle(sim: Sim): Promise<void> {
  sim.adding = false;
  const deadline = Date.now() + sim.leaseMs + 15000;
  await sim.expectProgress();
  while (Date.now() < deadline) {
    await sim.fillerPass();
    await sim.checkRedis();
    sim.checkExpectations();
    sim.throwIfViolated();
    const running = sim.jobs.some((j) => !j.done && j.proc && !j.proc.crashed);
    if (!running && sim.timers === 0 && (await pendingTasks(sim)) === 0) break;
    await sleep(100 + sim.int(200));
    if (sim.rnd() < 0.3) await sim.expectProgress();
  }
  expect({ seed: sim.seed, pending: await pendingTasks(sim) }).toEqual({ seed: sim.seed, pending: 0 });
  const tasks = await db.query<{ key: string; state: string; attempts: number; succeeded: number; records: number }>(
    `SELECT t.event_id || '|' || t.webhook_id AS key, t.state, t.attempts,
            count(d.id) FILTER (WHERE d.status = 'succeeded')::int AS succeeded, count(d.id)::int AS records
       FROM webhook_tasks t LEFT JOIN webhook_deliveries d ON d.event_id = t.event_id AND d.webhook_id = t.webhook_id
      WHERE t.webhook_id LIKE $1 GROUP BY t.event_id, t.webhook_id, t.state, t.attempts`,
    [`wh_${sim.prefix}_%`],
  );
  expect(tasks.length).toBe(sim.tasks.size);
  for (const t of tasks) {
    if (t.state !== 'succeeded' || t.succeeded !== 1 || t.records !== t.attempts)
      sim.fail(
        'end',
        `${t.key}: ${t.state} after ${t.attempts} attempts, ${t.succeeded} succeeded of ${t.records} records`,
      );
    for (let a = 1; a <= t.attempts; a++) {
      const sends = sim.sends.get(`${t.key}|${a}`) ?? [];
      if (sends.length === 0) sim.fail('end', `${t.key} attempt ${a} recorded but never sent`);
      if (sends.slice(0, -1).some((s) => !s.crashed))
        sim.fail('end', `${t.key} attempt ${a} sent ${sends.length} times`);
    }
  }
  // Slots of crashed runs expire; their keys (PEXPIREd at twice the TTL) go.
  const keysGone = Date.now() + 2 * sim.ttlMs + 1000;
  let keys = await redis.keys(`${sim.prefix}:*`);
  while (keys.length && Date.now() < keysGone) {
    await sleep(100);
    keys = await redis.keys(`${sim.prefix}:*`);
  }
  if (keys.length) sim.fail('end', `Redis still holds ${keys.join(', ')}`);
  for (const proc of sim.procs) if (proc.crashed) proc.reap();
  await Promise.all([...sim.runs]);
  sim.throwIfViolated();
}

describe('the dispatcher under a random schedule (real PostgreSQL and Redis)', () => {
  it.each(SEEDS)(
    'seed %i keeps every invariant',
    async (seed) => {
      console.log(`dispatcher-random: seed ${seed} (replay: DISPATCHER_FUZZ_SEED=${seed})`);
      for (let attempt = 1; ; attempt++) {
        try {
          return await runSeed(seed);
        } catch (error) {
          if (!(error instanceof Inconclusive) || attempt === MAX_ATTEMPTS) throw error;
        }
      }
    },
    3 * 90000,
  );
});

/** How often a seed is replayed when the host stalled: a box that stalls every time is reported as a failure. */
const MAX_ATTEMPTS = 3;

async function runSeed(seed: number): Promise<void> {
  const sim = new Sim(seed);
  try {
    await sim.setup();
    await fairnessPhase(sim);
    sim.throwIfViolated();
    await randomPhase(sim, 3000);
    await settle(sim);
    console.log(
      `dispatcher-random: seed ${seed}: ${sim.tasks.size} tasks, ${[...sim.sends.values()].flat().length} sends, ` +
        `${sim.procs.filter((p) => p.crashed).length} crashes, ${sim.rescues} filler rescues (${sim.checkedRescues} checked), caps ${sim.perWebhook}/${sim.perWorkspace}, ttl ${sim.ttlMs} ms`,
    );
  } finally {
    sim.adding = false;
    for (const proc of sim.procs) {
      proc.stopping = true;
      if (proc.crashed) proc.reap();
    }
    await Promise.race([Promise.all([...sim.runs]), sleep(5000, undefined, { ref: false })]);
    sim.stallWatch.stop();
  }
}

describe('hand-offs without the slot filler', () => {
  it('a task committed while every lane of its webhook finds nothing due is sent by those lanes', async () => {
    const sim = new Sim(11);
    try {
      await sim.setup();
      const hook = sim.hooks[sim.hooks.length - 1]; // alone in its workspace
      sim.raceRate = 1;
      sim.races = 1;
      // A drain with every slot of the webhook and nothing due: its lanes' first claim finds nothing,
      // and the relay's take for the task committed just then finds every slot held.
      sim.schedule({ data: { ...hook }, proc: null, done: false }, 0);
      const deadline = Date.now() + sim.ttlMs + 1000;
      while (Date.now() < deadline && (sim.tasks.size === 0 || (await pendingTasks(sim)) > 0)) await sleep(20);
      expect(sim.tasks.size).toBe(1);
      if ((await pendingTasks(sim)) > 0)
        sim.fail(
          'liveness',
          `${hook.webhookId}: the task committed as its lanes found nothing due waited for the slot filler`,
        );
      sim.throwIfViolated();
    } finally {
      sim.adding = false;
      for (const proc of sim.procs) proc.stopping = true;
      await Promise.race([Promise.all([...sim.runs]), sleep(5000, undefined, { ref: false })]);
      sim.stallWatch.stop();
    }
  });
});

describe('claims', () => {
  it('skip a task another claim holds locked, and lease what they take', async () => {
    const sim = new Sim(1);
    await sim.setup();
    const hook = sim.hooks[0];
    await sim.addTasks(hook, 2, false);
    const locker = await createLockedTask(hook.webhookId);
    try {
      const claimed = await Promise.race([
        store.claimDue(hook.webhookId, 2, 60000),
        sleep(2000, 'blocked' as const, { ref: false }),
      ]);
      expect(claimed).not.toBe('blocked');
      expect((claimed as ClaimedTask[]).map((t) => t.eventId)).toHaveLength(1);
      expect(await store.claimDue(hook.webhookId, 2, 60000)).toEqual([]); // leased, not due
    } finally {
      await locker();
      sim.stallWatch.stop();
    }
  });
});

/** Locks the oldest due task of the webhook in an open transaction (as a concurrent claim does); answers how to end it. */
async function createLockedTask(webhookId: string): Promise<() => Promise<void>> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(
    `SELECT event_id FROM webhook_tasks WHERE webhook_id = $1 AND state = 'pending'
      ORDER BY next_attempt_at, event_id LIMIT 1 FOR UPDATE`,
    [webhookId],
  );
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
}
