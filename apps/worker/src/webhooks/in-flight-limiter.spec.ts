import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { InFlightLimiter, LimitedAttempt } from './in-flight-limiter';
import { currentProtocol, simulate, SimOptions } from '@test/support/in-flight-limiter.sim';

// Against the real Redis (keys under a random prefix, removed afterwards).
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const prefix = `test-limiter-${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const at = (webhookId: string, attemptId: string, workspaceId = 'ws_1'): LimitedAttempt => ({
  workspaceId,
  webhookId,
  attemptId,
});
const limits = (perWebhook: number, perWorkspace = 100, slotTtlMs = 60_000) => ({
  perWebhook,
  perWorkspace,
  slotTtlMs,
});

describe('InFlightLimiter', () => {
  it('bounds the attempts in flight per webhook, refuses a duplicate of one in flight, and hands a freed slot to the oldest waiting attempt', async () => {
    const limiter = new InFlightLimiter(redis, prefix, limits(2));
    expect(await limiter.acquire(at('wh_a', 'e1'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_a', 'e1'))).toBe('busy');
    expect(await limiter.acquire(at('wh_a', 'e2'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_a', 'e3'))).toBe('waiting');
    expect(await limiter.acquire(at('wh_b', 'e3'))).toBe('acquired'); // other webhooks are not affected
    expect(await limiter.acquire(at('wh_a', 'e4'))).toBe('waiting');
    expect(await limiter.acquire(at('wh_a', 'e3'))).toBe('waiting'); // a second run of a waiting attempt: listed once
    expect(await redis.zcard(`${prefix}:wh-lim:hook-waiting:wh_a`)).toBe(2);
    // the freed slot goes to e3, which holds it at once: a newcomer finds no room, a copy of e3 is refused
    expect(await limiter.release(at('wh_a', 'e1'), true)).toEqual(at('wh_a', 'e3'));
    expect(await limiter.acquire(at('wh_a', 'e5'))).toBe('waiting');
    expect(await limiter.acquire(at('wh_a', 'e3'))).toBe('busy');
    expect(await limiter.release(at('wh_a', 'e2'), true)).toEqual(at('wh_a', 'e4'));
    expect(await limiter.release(at('wh_a', 'e3'), true)).toEqual(at('wh_a', 'e5'));
    expect(await limiter.release(at('wh_a', 'e4'), true)).toBeNull();
    expect(await limiter.release(at('wh_a', 'e5'), true)).toBeNull();
    expect(await limiter.waitingWebhooks()).toEqual([]);
  });

  it('caps the workspace too, and hands a slot freed by one webhook to the oldest waiting attempt of another', async () => {
    const limiter = new InFlightLimiter(redis, prefix, limits(2, 2));
    expect(await limiter.acquire(at('wh_w1', 'a1', 'ws_w'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_w2', 'b1', 'ws_w'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_w2', 'b2', 'ws_w'))).toBe('waiting'); // wh_w2 has room, the workspace has not
    expect(await limiter.acquire(at('wh_other', 'c1', 'ws_other'))).toBe('acquired');
    // Waiting is ordered by the millisecond an attempt began to wait (ties by name): make b2 the older for sure.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await limiter.acquire(at('wh_w1', 'a2', 'ws_w'))).toBe('waiting');
    expect((await limiter.waitingWebhooks()).map((w) => [w.webhookId, w.waiting])).toEqual([
      ['wh_w2', 1],
      ['wh_w1', 1],
    ]);
    expect(await limiter.release(at('wh_w1', 'a1', 'ws_w'), true)).toEqual(at('wh_w2', 'b2', 'ws_w'));
    expect(await limiter.release(at('wh_w2', 'b1', 'ws_w'), true)).toEqual(at('wh_w1', 'a2', 'ws_w'));
  });

  it('frees a slot without handing it on when asked (shutdown), and then reports the waiting attempt as stranded', async () => {
    const limiter = new InFlightLimiter(redis, prefix, limits(1));
    expect(await limiter.acquire(at('wh_s', 's1', 'ws_s'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_s', 's2', 'ws_s'))).toBe('waiting');
    expect(await limiter.stranded()).toEqual([]);
    expect(await limiter.release(at('wh_s', 's1', 'ws_s'), false)).toBeNull();
    expect(await limiter.stranded()).toEqual([at('wh_s', 's2', 'ws_s')]);
    expect(await limiter.acquire(at('wh_s', 's2', 'ws_s'))).toBe('acquired'); // its job runs again and leaves the waiting set
    expect(await limiter.stranded()).toEqual([]);
    expect(await limiter.release(at('wh_s', 's2', 'ws_s'), true)).toBeNull();
  });

  it('frees the slots of a crashed sender once they expire', async () => {
    let now = 1_000_000;
    const limiter = new InFlightLimiter(redis, prefix, limits(1, 100, 200), () => now);
    expect(await limiter.acquire(at('wh_c', 'e1', 'ws_c'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_c', 'e2', 'ws_c'))).toBe('waiting');
    now += 250;
    expect(await limiter.stranded()).toEqual([at('wh_c', 'e2', 'ws_c')]);
    expect(await limiter.acquire(at('wh_c', 'e2', 'ws_c'))).toBe('acquired');
  });

  it('admits new attempts: jobs for as many as there is room for, the rest wait at once and are handed on by releases', async () => {
    const limiter = new InFlightLimiter(redis, prefix, limits(2, 3));
    expect(await limiter.acquire(at('wh_n', 'n0', 'ws_n'))).toBe('acquired');
    // wh_n has one free slot, the workspace two: n1 gets a job; n2 and n3 wait; m1 (another webhook) gets the workspace's last room
    const admitted = await limiter.admit([
      at('wh_n', 'n1', 'ws_n'),
      at('wh_n', 'n2', 'ws_n'),
      at('wh_m', 'm1', 'ws_n'),
      at('wh_n', 'n3', 'ws_n'),
      at('wh_m', 'm2', 'ws_n'),
    ]);
    expect(admitted).toEqual([at('wh_n', 'n1', 'ws_n'), at('wh_m', 'm1', 'ws_n')]);
    expect(await redis.zrange(`${prefix}:wh-lim:hook-waiting:wh_n`, '0', '-1')).toEqual(['n2', 'n3']);
    expect(await redis.zrange(`${prefix}:wh-lim:hook-waiting:wh_m`, '0', '-1')).toEqual(['m2']);
    // admitting again changes nothing: waiting and in-flight attempts need no job
    expect(await limiter.admit([at('wh_n', 'n0', 'ws_n'), at('wh_n', 'n2', 'ws_n')])).toEqual([]);
    expect(await limiter.acquire(at('wh_n', 'n1', 'ws_n'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_m', 'm1', 'ws_n'))).toBe('acquired');
    // m2 and n2 began to wait in the same call: the tie goes to the webhook named first
    expect(await limiter.release(at('wh_n', 'n0', 'ws_n'), true)).toEqual(at('wh_m', 'm2', 'ws_n'));
    // newcomers queue behind the waiting attempts of their webhook even when a slot is free
    await limiter.release(at('wh_m', 'm2', 'ws_n'), false);
    expect(await limiter.admit([at('wh_n', 'n4', 'ws_n')])).toEqual([]);
    expect((await limiter.stranded()).map((a) => a.attemptId)).toEqual(['n2']);
  });

  it('tells the sweeper which overdue attempts neither wait nor are in flight', async () => {
    let now = 2_000_000;
    const limiter = new InFlightLimiter(redis, prefix, limits(1, 100, 200), () => now);
    expect(await limiter.acquire(at('wh_u', 'u1', 'ws_u'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_u', 'u2', 'ws_u'))).toBe('waiting');
    expect(
      await limiter.untracked([at('wh_u', 'u1', 'ws_u'), at('wh_u', 'u2', 'ws_u'), at('wh_u', 'u3', 'ws_u')]),
    ).toEqual([at('wh_u', 'u3', 'ws_u')]);
    now += 250; // u1's holder died: its slot expired, so a job may send it again
    expect(await limiter.untracked([at('wh_u', 'u1', 'ws_u'), at('wh_u', 'u2', 'ws_u')])).toEqual([
      at('wh_u', 'u1', 'ws_u'),
    ]);
  });

  it('drops a waiting entry whose attempt is in flight already instead of handing it a second slot', async () => {
    const limiter = new InFlightLimiter(redis, prefix, limits(2));
    expect(await limiter.acquire(at('wh_d', 'd1'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_d', 'd2'))).toBe('acquired');
    expect(await limiter.acquire(at('wh_d', 'd3'))).toBe('waiting');
    // d3's entry stays while d3 is (wrongly) in a slot too: e.g. its slot expired, a copy re-entered
    await redis.zadd(`${prefix}:wh-lim:hook-slots:wh_d`, Date.now() + 60_000, 'd3');
    await redis.zrem(`${prefix}:wh-lim:hook-slots:wh_d`, 'd2');
    expect(await limiter.release(at('wh_d', 'd1'), true)).toBeNull();
    expect(await redis.zcard(`${prefix}:wh-lim:hook-waiting:wh_d`)).toBe(0);
  });
});

// The randomized run: fixed seeds here; `npm run fuzz:limiter` runs many random ones, longer.
const fuzzRuns = Number(process.env.LIMITER_FUZZ_RUNS ?? 0);
const seeds = fuzzRuns > 0 ? Array.from({ length: fuzzRuns }, () => Math.floor(Math.random() * 2 ** 31)) : [1, 2, 3, 4];

describe('InFlightLimiter under random workers, crashes and duplicate jobs', () => {
  it.each(seeds)(
    'seed %i: keeps every invariant after every step, and every attempt succeeds exactly once',
    async (seed) => {
      const options: SimOptions = {
        seed,
        workers: 2 + (seed % 3),
        concurrency: 8,
        hooks: [
          { workspaceId: 'ws_1', webhookId: 'wh_1' },
          { workspaceId: 'ws_1', webhookId: 'wh_2' },
          { workspaceId: 'ws_2', webhookId: 'wh_3' },
        ],
        jobs: fuzzRuns > 0 ? 500 : 150,
        perWebhook: 3,
        perWorkspace: 4,
        slotTtlMs: 2000,
        maxSteps: 200_000,
      };
      const clock = { now: 1_000_000 };
      const runPrefix = `${prefix}:sim${seed}`;
      const result = await simulate(currentProtocol(redis, runPrefix, options, clock), options, clock);
      if (process.env.LIMITER_FUZZ_VERBOSE)
        console.log(`seed ${seed}: ${result.steps} steps, virtual ${clock.now - 1_000_000} ms`);
      expect(result.sends).toBe(options.jobs);
    },
  );
});
