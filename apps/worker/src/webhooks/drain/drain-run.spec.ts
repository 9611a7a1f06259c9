import type { ClaimedTask } from '@app/webhooks';
import { DrainDeps, DrainRun } from './drain-run';

/** A claimed task of webhook wh_1 whose lease ends `leaseLeftMs` from now. */
const task = (eventId: string, leaseLeftMs: number): ClaimedTask => ({
  eventId,
  webhookId: 'wh_1',
  attempt: 1,
  workspaceId: 'ws_1',
  leaseEndsAt: Date.now() + leaseLeftMs,
  url: 'https://receiver.example/hook',
  status: 'active',
  secrets: { secret_ciphertext: 'x', previous_secret_ciphertext: null, previous_secret_expires_at: null },
  eventType: 'company.saved',
  body: '{}',
});

/** Deps whose claims answer `claims` one after another (then nothing), recording what the drain does. */
function scriptedDeps(claims: ClaimedTask[][]) {
  const seen = { limits: [] as number[], sent: [] as string[], unclaimed: [] as string[], given: [] as string[] };
  const deps: DrainDeps = {
    claim: async (limit) => {
      seen.limits.push(limit);
      return claims.shift() ?? [];
    },
    unclaim: async (tasks) => void seen.unclaimed.push(...tasks.map((t) => t.eventId)),
    hasDue: async () => false,
    takeOne: async () => null,
    grow: async () => [],
    laneDone: () => undefined,
    keep: async (slots) => ({ held: slots, share: 20, wanting: [] }),
    give: async (slots) => (seen.given.push(...slots), []),
    send: async (t) => (seen.sent.push(t.eventId), { recording: Promise.resolve() }),
    kick: async () => undefined,
    closing: () => false,
    onError: (what, error) => {
      throw new Error(`${what}: ${(error as Error).message}`);
    },
  };
  return { deps, seen };
}

describe('DrainRun', () => {
  it('claims two tasks for each lane', async () => {
    const { deps, seen } = scriptedDeps([[task('evt_1', 60_000)]]);
    await new DrainRun(deps, ['slot_a', 'slot_b', 'slot_c'], 1000, 1000).run();
    expect(seen.limits[0]).toBe(6);
    expect(seen.sent).toEqual(['evt_1']);
    expect(seen.given.sort()).toEqual(['slot_a', 'slot_b', 'slot_c']);
  });

  it('makes a claimed task due again instead of sending it once its lease no longer covers an attempt', async () => {
    // evt_1's lease ends before an attempt started now could be recorded (a claim that took too long, or a
    // task that waited behind slow receivers): sent now, its lease could run out mid-attempt and another drain send it.
    const { deps, seen } = scriptedDeps([[task('evt_1', 500), task('evt_2', 60_000)]]);
    await new DrainRun(deps, ['slot_a'], 1000, 5000).run();
    expect(seen.sent).toEqual(['evt_2']);
    expect(seen.unclaimed).toEqual(['evt_1']);
  });

  it('releases tasks that grew stale in the buffer while the lanes were busy', async () => {
    const { deps, seen } = scriptedDeps([[task('evt_1', 60_000), task('evt_2', 60_000)]]);
    const send = (t: ClaimedTask) => deps.send(t);
    // The first send takes long enough for evt_2's lease to fall under what an attempt needs.
    const slow = { ...deps };
    slow.send = async (t) => {
      const sent = await send(t);
      await new Promise((r) => setTimeout(r, 600));
      return sent;
    };
    await new DrainRun(slow, ['slot_a'], 1000, 60_000 - 500).run();
    expect(seen.sent).toEqual(['evt_1']);
    expect(seen.unclaimed).toEqual(['evt_2']);
  });
});
