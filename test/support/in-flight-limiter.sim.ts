import type Redis from 'ioredis';
import { InFlightLimiter } from '../../apps/worker/src/webhooks/in-flight-limiter';
import { seededRandom } from './seeded-random';

// A randomized simulation of the delivery processor around the in-flight limiter, against real
// Redis and on a virtual clock: worker loops pick jobs, send for random times, crash without
// releasing (their jobs run again after the lock expires, their chained attempts come back with
// the sweeper), duplicate copies of jobs appear, and the stranded check runs every second.
// After every step it checks the invariants of docs/webhook-delivery.md, "In-flight limits".
// Like the processor, a job enqueued again (sweeper, stranded check, a duplicate) first checks
// that its task still waits.

/** A protocol between the simulated processor and a limiter (the current one, or an old one for comparison). */
export interface LimiterProtocol {
  /** A job starts: send its attempt, end the job, or put it back in the delayed set until `due` (also promote `promote`). */
  run(
    attempt: SimAttempt,
    now: number,
  ): Promise<{ kind: 'send' } | { kind: 'end' } | { kind: 'delay'; due: number; promote?: boolean }>;
  /** An attempt was sent: the next attempt this lane sends (it holds the slot), and delayed jobs to promote. */
  finish(attempt: SimAttempt, now: number, promote: (attemptId: string) => boolean): Promise<SimAttempt | null>;
  /** Attempts to enqueue because slots are free while they wait (optional). */
  stranded?(now: number): Promise<SimAttempt[]>;
  /** New attempts (the relay): those that need a job; the others wait already (optional: all need jobs). */
  admit?(attempts: SimAttempt[]): Promise<SimAttempt[]>;
  /** Overdue attempts (the sweeper): those to enqueue again (optional: all). */
  untracked?(attempts: SimAttempt[]): Promise<SimAttempt[]>;
  /** The live (unexpired) slot holders and the waiting entries of a webhook and of a workspace. */
  slots(hook: SimHook, now: number): Promise<string[]>;
  workspaceSlots?(workspace: string, now: number): Promise<string[]>;
  waiting(hook: SimHook): Promise<string[]>;
  /** Slots handed to attempts whose jobs were woken but have not run yet (a design with a hand-off step). */
  handed?(hook: SimHook): Promise<string[]>;
}

export interface SimHook {
  workspaceId: string;
  webhookId: string;
}

export interface SimAttempt extends SimHook {
  attemptId: string;
}

export interface SimOptions {
  seed: number;
  workers: number;
  concurrency: number;
  hooks: SimHook[];
  jobs: number;
  perWebhook: number;
  perWorkspace: number;
  slotTtlMs: number;
  maxSteps: number;
}

const LOCK_MS = 15_000;
const STRANDED_EVERY_MS = 1000;
const SWEEP_EVERY_MS = 10_000;
const OVERDUE_MS = 30_000;
/**
 * How long free slots may go unused while attempts wait with no slot holder alive to hand them on:
 * the stranded check's period plus the time to pick the job up.
 */
const STALL_BUDGET_MS = STRANDED_EVERY_MS + 2000;

interface Lane {
  attempt: SimAttempt;
  until: number;
  /** The BullMQ job this lane runs in (its first attempt). */
  job: SimAttempt;
}

interface Worker {
  lanes: Lane[];
}

export class SimFailure extends Error {}

export async function simulate(
  protocol: LimiterProtocol,
  o: SimOptions,
  clock: { now: number },
): Promise<{ steps: number; sends: number }> {
  const random = seededRandom(o.seed);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const tasks = new Map<
    string,
    { attempt: SimAttempt; state: 'pending' | 'succeeded'; records: number; createdAt: number }
  >();
  const queue: SimAttempt[] = []; // BullMQ's wait list (FIFO)
  const requeued = new WeakSet<SimAttempt>();
  const delayed = new Map<string, { attempt: SimAttempt; due: number }>();
  const workers: Worker[] = Array.from({ length: o.workers }, () => ({ lanes: [] }));
  /** Slots held by lanes of crashed workers: attempt id -> expiry. */
  const crashedHolds = new Map<string, number>();
  const stalledSince = new Map<string, number>();
  let created = 0;
  let sends = 0;
  let lastStranded = 0;
  let lastSweep = 0;

  const jobExists = (id: string) =>
    queue.some((j) => j.attemptId === id) ||
    delayed.has(id) ||
    workers.some((w) => w.lanes.some((l) => l.job.attemptId === id));
  const enqueue = (a: SimAttempt, again = true) => {
    if (jobExists(a.attemptId)) return; // a job id is unique in BullMQ
    const job = { ...a };
    if (again) requeued.add(job);
    queue.push(job);
  };
  const promote = (id: string) => {
    const d = delayed.get(id);
    if (!d) return false;
    delayed.delete(id);
    const job = { ...d.attempt };
    requeued.add(job); // a job that starts again (BullMQ's attemptsStarted > 1) checks its task like a re-enqueued one
    queue.push(job);
    return true;
  };
  const sending = () => workers.flatMap((w) => w.lanes.map((l) => l.attempt.attemptId));
  const fail = (what: string) => {
    throw new SimFailure(`seed ${o.seed}, t=${clock.now}: ${what}`);
  };

  const startLane = (w: Worker, attempt: SimAttempt, job: SimAttempt) => {
    if (sending().includes(attempt.attemptId)) fail(`${attempt.attemptId} sent twice at the same time`);
    w.lanes.push({ attempt, job, until: clock.now + 1 + Math.floor(random() * 80) });
  };

  const checkInvariants = async () => {
    const live = new Set(sending());
    for (const [id, expiry] of crashedHolds) if (expiry <= clock.now) crashedHolds.delete(id);
    const byWorkspace = new Map<string, SimHook[]>();
    for (const hook of o.hooks) byWorkspace.set(hook.workspaceId, [...(byWorkspace.get(hook.workspaceId) ?? []), hook]);
    const states = await Promise.all(
      o.hooks.map((hook) =>
        Promise.all([
          protocol.slots(hook, clock.now),
          protocol.waiting(hook),
          protocol.handed?.(hook) ?? Promise.resolve([] as string[]),
        ]),
      ),
    );
    for (const [i, hook] of o.hooks.entries()) {
      const [slots, waiting, handed] = states[i];
      if (slots.length > o.perWebhook) fail(`${hook.webhookId} has ${slots.length} slots taken`);
      const inHandOff = (id: string) => handed.includes(id) && queue.some((j) => j.attemptId === id);
      for (const id of slots)
        if (!live.has(id) && !crashedHolds.has(id) && !inHandOff(id))
          fail(`${hook.webhookId}: slot held by ${id}, which is not being sent`);
      if (new Set(waiting).size !== waiting.length) fail(`${hook.webhookId}: an attempt is listed twice as waiting`);
      for (const id of waiting) {
        const task = tasks.get(id);
        if (!task || task.state !== 'pending') fail(`${hook.webhookId}: waiting entry ${id} whose attempt already ran`);
        if (live.has(id)) fail(`${hook.webhookId}: waiting entry ${id} is being sent`);
      }
      // Liveness: free capacity while attempts wait only for a short while after holders crashed or shut down.
      const hookRoom =
        [...live].filter((id) => tasks.get(id)!.attempt.webhookId === hook.webhookId).length < o.perWebhook;
      const wsLive = [...live].filter((id) => tasks.get(id)!.attempt.workspaceId === hook.workspaceId).length;
      const crashedInWs = [...crashedHolds.keys()].some(
        (id) => tasks.get(id)!.attempt.workspaceId === hook.workspaceId,
      );
      const stalled = waiting.length > 0 && hookRoom && wsLive < o.perWorkspace && !crashedInWs;
      if (!stalled) stalledSince.delete(hook.webhookId);
      else if (!stalledSince.has(hook.webhookId)) stalledSince.set(hook.webhookId, clock.now);
      else if (clock.now - stalledSince.get(hook.webhookId)! > STALL_BUDGET_MS)
        fail(
          `${hook.webhookId}: ${waiting.length} attempts wait while slots are free for ${clock.now - stalledSince.get(hook.webhookId)!} ms`,
        );
    }
    if (protocol.workspaceSlots) {
      for (const ws of byWorkspace.keys()) {
        const slots = await protocol.workspaceSlots(ws, clock.now);
        if (slots.length > o.perWorkspace) fail(`${ws} has ${slots.length} slots taken`);
      }
    }
  };

  let steps = 0;
  for (; steps < o.maxSteps; steps++) {
    const allDone = created === o.jobs && [...tasks.values()].every((t) => t.state === 'succeeded');
    if (allDone && workers.every((w) => w.lanes.length === 0)) break;
    const roll = random();
    if (created < o.jobs && roll < 0.25) {
      // New events: a burst of jobs of one webhook, or of random ones.
      const hook = pick(o.hooks);
      const batch: SimAttempt[] = [];
      for (let n = 1 + Math.floor(random() * 20); n > 0 && created < o.jobs; n--) {
        const h = random() < 0.7 ? hook : pick(o.hooks);
        const attempt = { ...h, attemptId: `e${created++}.${h.webhookId}.1` };
        tasks.set(attempt.attemptId, { attempt, state: 'pending', records: 0, createdAt: clock.now });
        batch.push(attempt);
      }
      // The relay: attempts without room wait at once, the others get jobs; sometimes the relay
      // dies between commit and dispatch (the sweeper finds those tasks once overdue).
      if (random() < 0.97) for (const a of protocol.admit ? await protocol.admit(batch) : batch) enqueue(a, false);
    } else if (roll < 0.55) {
      // A worker takes the next job.
      const w = pick(workers);
      const job = queue.shift();
      if (job && w.lanes.length < o.concurrency && requeued.has(job) && tasks.get(job.attemptId)!.state !== 'pending') {
        // a job enqueued again whose attempt was sent meanwhile ends
      } else if (job && w.lanes.length < o.concurrency) {
        const answer = await protocol.run(job, clock.now);
        if (answer.kind === 'send') startLane(w, job, job);
        else if (answer.kind === 'delay') {
          delayed.set(job.attemptId, { attempt: job, due: answer.due });
          if (answer.promote) promote(job.attemptId);
        }
      } else if (job) queue.unshift(job);
    } else if (roll < 0.85) {
      // Time passes; a lane whose send is over records it and takes the next waiting attempt.
      clock.now += Math.floor(random() * 6);
      const done = workers.flatMap((w) => w.lanes.filter((l) => l.until <= clock.now).map((l) => ({ w, l })));
      if (done.length > 0) {
        const { w, l } = pick(done);
        const task = tasks.get(l.attempt.attemptId)!;
        if (task.state === 'pending') {
          sends++;
          task.state = 'succeeded';
          task.records++;
        }
        const next = await protocol.finish(l.attempt, clock.now, promote);
        if (next) {
          l.attempt = next;
          l.until = clock.now + 1 + Math.floor(random() * 80);
          if (sending().filter((id) => id === next.attemptId).length > 1)
            fail(`${next.attemptId} sent twice at the same time`);
        } else w.lanes.splice(w.lanes.indexOf(l), 1);
      }
    } else if (roll < 0.88) {
      // A worker crashes mid-delivery: nothing released; its jobs run again once their locks expire.
      const w = pick(workers);
      for (const l of w.lanes) {
        crashedHolds.set(l.attempt.attemptId, clock.now + o.slotTtlMs);
        delayed.set(l.job.attemptId, { attempt: l.job, due: clock.now + LOCK_MS });
      }
      w.lanes = [];
    } else if (roll < 0.92) {
      // A duplicate copy of a job (a stalled job run again, a sweeper re-adding a queued attempt).
      const pending = [...tasks.values()].filter((t) => t.state === 'pending');
      if (pending.length > 0) {
        const copy = { ...pick(pending).attempt };
        requeued.add(copy);
        queue.push(copy);
      }
    } else {
      clock.now += Math.floor(random() * 200);
    }
    // Nothing to do but wait (for a stalled job, the stranded check, the sweeper): skip ahead.
    if (queue.length === 0 && workers.every((w) => w.lanes.length === 0) && created === o.jobs) clock.now += 500;
    // Delayed jobs come due (fallback delays, stalled jobs).
    for (const [id, d] of delayed) if (d.due <= clock.now) promote(id);
    if (protocol.stranded && clock.now - lastStranded >= STRANDED_EVERY_MS) {
      lastStranded = clock.now;
      for (const a of await protocol.stranded(clock.now)) enqueue(a);
    }
    if (clock.now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = clock.now;
      const overdue = [...tasks.values()]
        .filter((t) => t.state === 'pending' && clock.now - t.createdAt >= OVERDUE_MS)
        .map((t) => t.attempt);
      for (const a of protocol.untracked ? await protocol.untracked(overdue) : overdue) enqueue(a);
    }
    await checkInvariants();
  }
  const unfinished = [...tasks.values()].filter((t) => t.state !== 'succeeded');
  if (created < o.jobs || unfinished.length > 0)
    fail(`${o.jobs - created + unfinished.length} of ${o.jobs} attempts never succeeded after ${steps} steps`);
  for (const t of tasks.values()) if (t.records !== 1) fail(`${t.attempt.attemptId} recorded ${t.records} times`);
  return { steps, sends };
}

/** The protocol of the processor around today's limiter. */
export function currentProtocol(
  redis: Redis,
  prefix: string,
  o: Pick<SimOptions, 'perWebhook' | 'perWorkspace' | 'slotTtlMs'>,
  clock: { now: number },
): LimiterProtocol {
  const limiter = new InFlightLimiter(redis, prefix, o, () => clock.now);
  const live = async (key: string, now: number) => redis.zrangebyscore(key, `(${now}`, '+inf');
  return {
    async run(a) {
      return (await limiter.acquire(a)) === 'acquired' ? { kind: 'send' } : { kind: 'end' };
    },
    finish: (a) => limiter.release(a, true),
    stranded: () => limiter.stranded(),
    admit: (attempts) => limiter.admit(attempts),
    untracked: (attempts) => limiter.untracked(attempts),
    slots: (h, now) => live(`${prefix}:wh-lim:hook-slots:${h.webhookId}`, now),
    workspaceSlots: (ws, now) => live(`${prefix}:wh-lim:ws-slots:${ws}`, now),
    waiting: (h) => redis.zrange(`${prefix}:wh-lim:hook-waiting:${h.webhookId}`, '0', '-1'),
  };
}
