import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import {
  FIXED_WINDOW_SCRIPT,
  parseDecision,
  PEEK_SCRIPT,
  rateLimitHeaders,
  rateLimitKey,
  rateLimitState,
  retryAfterSeconds,
} from './fixed-window';

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

  it('turns a decision into the state the headers report: remaining never negative, reset in whole seconds', () => {
    expect(rateLimitState('search', 60, { allowed: true, used: 1, resetMs: 59_999 })).toEqual({
      name: 'search',
      limit: 60,
      remaining: 59,
      resetSeconds: 60,
    });
    expect(rateLimitState('enrich', 5, { allowed: true, used: 5, resetMs: 12_001 })).toEqual({
      name: 'enrich',
      limit: 5,
      remaining: 0,
      resetSeconds: 13,
    });
    // A refused request spent nothing: what was left is still left.
    expect(rateLimitState('enrich', 5, { allowed: false, used: 3, resetMs: 400 })).toMatchObject({
      remaining: 2,
      resetSeconds: 1,
    });
    expect(rateLimitState('enrich', 5, { allowed: false, used: 7, resetMs: 0 })).toMatchObject({
      remaining: 0,
      resetSeconds: 1,
    });
  });

  it('names the three X-RateLimit headers with string values', () => {
    expect(rateLimitHeaders({ name: 'search', limit: 60, remaining: 12, resetSeconds: 41 })).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '12',
      'X-RateLimit-Reset': '41',
    });
  });

  describe('the script on a real Redis', () => {
    const db = 1 + (Number(process.env.TEST_REDIS_DB_OFFSET ?? '0') % 15);
    const redis = new Redis(`${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/${db}`, {
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    const key = `test:rate-limit:${randomBytes(6).toString('hex')}`;
    const run = async (cost: number, limit: number, windowMs = 60_000) =>
      parseDecision(await FIXED_WINDOW_SCRIPT.run(redis, [key], [cost, limit, windowMs]));

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

    it('answers the time left in the window, not the window length, when it refuses', async () => {
      await redis.del(key);
      expect(await run(5, 5, 60_000)).toMatchObject({ allowed: true, used: 5 });
      await redis.pexpire(key, 20_000); // as if 40 s of the window had passed
      const refused = await run(1, 5, 60_000);
      expect(refused.allowed).toBe(false);
      expect(refused.resetMs).toBeGreaterThan(19_000);
      expect(refused.resetMs).toBeLessThanOrEqual(20_000);
      expect(retryAfterSeconds(refused.resetMs)).toBe(20);
    });

    it('peeks without spending or starting a window', async () => {
      await redis.del(key);
      const peek = async () => parseDecision(await PEEK_SCRIPT.run(redis, [key], [60_000]));
      expect(await peek()).toEqual({ allowed: true, used: 0, resetMs: 60_000 });
      expect(await redis.exists(key)).toBe(0);
      await run(2, 5, 60_000);
      const after = await peek();
      expect(after).toMatchObject({ allowed: true, used: 2 });
      expect(after.resetMs).toBeLessThanOrEqual(60_000);
      expect(await redis.get(key)).toBe('2');
    });

    it('rejects a single request that costs more than the whole limit', async () => {
      await redis.del(key);
      expect(await run(6, 5)).toMatchObject({ allowed: false, used: 0 });
      expect(await redis.exists(key)).toBe(0);
    });
  });
});
