import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { dropLegacyLimiterKeys } from './legacy-limiter-keys';

// Against the real Redis, under a random prefix.
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const prefix = `test-legacy-${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

it('deletes every key of the old in-flight limiter, in pages, and nothing else under the prefix', async () => {
  const legacy = Array.from({ length: 2500 }, (_, i) => `${prefix}:wh-lim:hook-waiting:wh_${i}`);
  for (let i = 0; i < legacy.length; i += 500) {
    const page = legacy.slice(i, i + 500);
    await redis.mset(...page.flatMap((key) => [key, '1']));
  }
  await redis.set(`${prefix}:wh-slots:{ws_1}:ws`, '1');
  await redis.set(`${prefix}:webhook-delivery:id`, '1');
  expect(await dropLegacyLimiterKeys(redis, `${prefix}:wh-lim:*`)).toBe(2500);
  expect(await redis.keys(`${prefix}:wh-lim:*`)).toEqual([]);
  expect((await redis.keys(`${prefix}:*`)).sort()).toEqual([
    `${prefix}:webhook-delivery:id`,
    `${prefix}:wh-slots:{ws_1}:ws`,
  ]);
});
