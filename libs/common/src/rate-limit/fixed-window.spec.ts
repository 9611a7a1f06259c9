import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { FIXED_WINDOW_SCRIPT, parseDecision, rateLimitKey, retryAfterSeconds } from './fixed-window';

describe('fixed-window rate limit', () => {
  it('rounds Retry-After up to whole seconds and never answers 0', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
    expect(retryAfterSeconds(59_500)).toBe(60);
  });

  it('keys each limit per workspace', () => {
    expect(rateLimitKey('enrich', 'ws_a')).not.toBe(rateLimitKey('enrich', 'ws_b'));
    expect(rateLimitKey('enrich', 'ws_a')).not.toBe(rateLimitKey('search', 'ws_a'));
  });

  it('parses the script reply and rejects anything else', () => {
    expect(parseDecision([1, 5, 59000])).toEqual({ allowed: true, used: 5, resetMs: 59000 });
    expect(parseDecision([0, 10, -2])).toEqual({ allowed: false, used: 10, resetMs: 0 });
    expect(() => parseDecision('OK')).toThrow();
  });

  describe('the script on a real Redis', () => {
    const db = 1 + (Number(process.env.TEST_REDIS_DB_OFFSET ?? '0') % 15);
    const redis = new Redis(`${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/${db}`, { maxRetriesPerRequest: 1, lazyConnect: true });
    const key = `test:rate-limit:${randomBytes(6).toString('hex')}`;
    const run = async (cost: number, limit: number, windowMs = 60_000) => parseDecision(await redis.eval(FIXED_WINDOW_SCRIPT, 1, key, cost, limit, windowMs));

    beforeAll(() => redis.connect());
    afterAll(async () => {
      await redis.del(key);
      redis.disconnect();
    });

    it('spends units up to the limit, then rejects without spending, and starts again after the window', async () => {
      expect(await run(3, 5, 400)).toMatchObject({ allowed: true, used: 3 });
      expect(await run(2, 5, 400)).toMatchObject({ allowed: true, used: 5 });
      const rejected = await run(1, 5, 400);
      expect(rejected).toMatchObject({ allowed: false, used: 5 });
      expect(rejected.resetMs).toBeGreaterThan(0);
      expect(rejected.resetMs).toBeLessThanOrEqual(400);
      expect(await redis.get(key)).toBe('5');
      await new Promise((r) => setTimeout(r, 450));
      expect(await run(5, 5, 400)).toMatchObject({ allowed: true, used: 5 });
    });

    it('rejects a single request that costs more than the whole limit', async () => {
      await redis.del(key);
      expect(await run(6, 5)).toMatchObject({ allowed: false, used: 0 });
      expect(await redis.exists(key)).toBe(0);
    });
  });
});
