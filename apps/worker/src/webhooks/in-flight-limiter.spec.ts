import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { InFlightLimiter } from './in-flight-limiter';

// Against the real Redis (keys under a random prefix, removed afterwards).
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const prefix = `test-limiter-${randomBytes(4).toString('hex')}`;

/** What a release answers for a parked attempt: its job (here named `job-<attempt>`) and the attempt. */
const handed = (attemptId: string) => ({ jobId: `job-${attemptId}`, attemptId });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

it('bounds the attempts in flight per webhook, refuses a duplicate of one in flight, and hands a freed slot to the oldest parked attempt', async () => {
  const limiter = new InFlightLimiter(redis, prefix, 2, 60_000);
  expect(await limiter.acquire('wh_a', 'e1.wh_a.1')).toBe('acquired');
  expect(await limiter.acquire('wh_a', 'e1.wh_a.1')).toBe('busy');
  expect(await limiter.acquire('wh_a', 'e2.wh_a.1')).toBe('acquired');
  expect(await limiter.acquire('wh_a', 'e3.wh_a.1')).toBe('full');
  expect(await limiter.acquire('wh_b', 'e3.wh_b.1')).toBe('acquired'); // other webhooks are not affected
  expect(await limiter.parkUnlessRoom('wh_a', 'job-e3.wh_a.1', 'e3.wh_a.1')).toBe(false);
  expect(await limiter.parkUnlessRoom('wh_a', 'job-e4.wh_a.1', 'e4.wh_a.1')).toBe(false);
  expect(await limiter.release('wh_a', 'e1.wh_a.1')).toEqual(handed('e3.wh_a.1'));
  // the freed slot waits for e3: a newcomer finds no room, e3 takes it, a second run of e3 is refused
  expect(await limiter.acquire('wh_a', 'e5.wh_a.1')).toBe('full');
  expect(await limiter.acquire('wh_a', 'e3.wh_a.1')).toBe('acquired');
  expect(await limiter.acquire('wh_a', 'e3.wh_a.1')).toBe('busy');
  expect(await limiter.release('wh_a', 'e2.wh_a.1')).toEqual(handed('e4.wh_a.1'));
  expect(await limiter.acquire('wh_a', 'e4.wh_a.1')).toBe('acquired');
  expect(await limiter.release('wh_a', 'e3.wh_a.1')).toBeNull();
  expect(await limiter.parkUnlessRoom('wh_a', 'job-e6.wh_a.1', 'e6.wh_a.1')).toBe(true); // room again: not parked
});

it('passes a slot handed to a job that already ran on to the next parked attempt', async () => {
  const limiter = new InFlightLimiter(redis, prefix, 1, 60_000);
  expect(await limiter.acquire('wh_p', 'x1')).toBe('acquired');
  await limiter.parkUnlessRoom('wh_p', 'job-x2', 'x2');
  await limiter.parkUnlessRoom('wh_p', 'job-x3', 'x3');
  expect(await limiter.release('wh_p', 'x1')).toEqual(handed('x2'));
  expect(await limiter.passOn('wh_p', handed('x2'))).toEqual(handed('x3'));
  expect(await limiter.acquire('wh_p', 'x2')).toBe('full');
  expect(await limiter.acquire('wh_p', 'x3')).toBe('acquired');
});

it('does not pass on a handed slot that its attempt has taken', async () => {
  const limiter = new InFlightLimiter(redis, prefix, 1, 60_000);
  expect(await limiter.acquire('wh_q', 'y1')).toBe('acquired');
  await limiter.parkUnlessRoom('wh_q', 'job-y2', 'y2');
  expect(await limiter.release('wh_q', 'y1')).toEqual(handed('y2'));
  expect(await limiter.acquire('wh_q', 'y2')).toBe('acquired');
  expect(await limiter.passOn('wh_q', handed('y2'))).toBeNull(); // y2 is sending: its slot stays taken
  expect(await limiter.acquire('wh_q', 'y3')).toBe('full');
});

it('skips a parked attempt that is already in flight (its job ran after its fallback delay)', async () => {
  const limiter = new InFlightLimiter(redis, prefix, 2, 60_000);
  expect(await limiter.acquire('wh_r', 'z1')).toBe('acquired');
  expect(await limiter.acquire('wh_r', 'z2')).toBe('acquired');
  await limiter.parkUnlessRoom('wh_r', 'job-z1', 'z1');
  await limiter.parkUnlessRoom('wh_r', 'job-z3', 'z3');
  expect(await limiter.release('wh_r', 'z2')).toEqual(handed('z3'));
});

it('frees the slots of a crashed sender once they expire', async () => {
  const limiter = new InFlightLimiter(redis, prefix, 1, 200);
  expect(await limiter.acquire('wh_c', 'e1.wh_c.1')).toBe('acquired');
  expect(await limiter.acquire('wh_c', 'e2.wh_c.1')).toBe('full');
  await new Promise((r) => setTimeout(r, 250));
  expect(await limiter.acquire('wh_c', 'e2.wh_c.1')).toBe('acquired');
});
