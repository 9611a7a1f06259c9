import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { InFlightLimiter } from './in-flight-limiter';

// Against the real Redis (keys under a random prefix, removed afterwards).
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const prefix = `test-limiter-${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

it('bounds the attempts in flight per webhook, refuses a duplicate of one in flight, and wakes parked jobs on release', async () => {
  const limiter = new InFlightLimiter(redis, prefix, 2, 60_000);
  expect(await limiter.acquire('wh_a', 'e1.wh_a.1')).toBe('acquired');
  expect(await limiter.acquire('wh_a', 'e1.wh_a.1')).toBe('busy');
  expect(await limiter.acquire('wh_a', 'e2.wh_a.1')).toBe('acquired');
  expect(await limiter.acquire('wh_a', 'e3.wh_a.1')).toBe('full');
  expect(await limiter.acquire('wh_b', 'e3.wh_b.1')).toBe('acquired'); // other webhooks are not affected
  expect(await limiter.parkUnlessRoom('wh_a', 'job-3')).toBe(false);
  expect(await limiter.release('wh_a', 'e1.wh_a.1')).toBe('job-3');
  expect(await limiter.parkUnlessRoom('wh_a', 'job-4')).toBe(true); // room again: not parked
  expect(await limiter.release('wh_a', 'e2.wh_a.1')).toBeNull();
});

it('frees the slots of a crashed sender once they expire', async () => {
  const limiter = new InFlightLimiter(redis, prefix, 1, 200);
  expect(await limiter.acquire('wh_c', 'e1.wh_c.1')).toBe('acquired');
  expect(await limiter.acquire('wh_c', 'e2.wh_c.1')).toBe('full');
  await new Promise((r) => setTimeout(r, 250));
  expect(await limiter.acquire('wh_c', 'e2.wh_c.1')).toBe('acquired');
});
