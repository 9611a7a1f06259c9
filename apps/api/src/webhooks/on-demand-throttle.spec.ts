import { randomBytes } from 'node:crypto';
import { ApiError } from '@app/common/http/api-error';
import Redis from 'ioredis';
import {
  spendOnDemand,
  throttleHost,
  throttleKeys,
  WEBHOOK_ACTION_LIMITS,
  WebhookAction,
  WORKSPACE_ON_DEMAND_LIMIT,
} from './on-demand-throttle';

describe('throttleHost', () => {
  it.each([
    ['https://Hooks.Example.COM/in', 'hooks.example.com'],
    ['https://hooks.example.com./in', 'hooks.example.com'],
    ['https://hooks.example.com:8443/a?b#c', 'hooks.example.com'],
    ['http://0x7f.1:9/x', '127.0.0.1'],
    ['https://[2606:4700:0000::1111]:8443/', '[2606:4700::1111]'],
  ])('counts %s against %s', (url, host) => expect(throttleHost(url)).toBe(host));

  it('keys one workspace by action and host, with one budget over all of them', () => {
    const [hostA] = throttleKeys('test', 'ws_1', 'a.example.com');
    const [hostB, budget] = throttleKeys('resend', 'ws_1', 'b.example.com');
    expect(new Set([hostA, hostB, throttleKeys('test', 'ws_2', 'a.example.com')[0]]).size).toBe(3);
    expect(throttleKeys('recover', 'ws_1', 'c.example.com')[1]).toBe(budget);
    expect(hostA).not.toContain('wh_'); // never a webhook id: re-creating one would reset it
  });
});

describe('spendOnDemand on a real Redis', () => {
  const db = 1 + (Number(process.env.TEST_REDIS_DB_OFFSET ?? '0') % 15);
  const redis = new Redis(`${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/${db}`, {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  const throttle = { spend: (action: WebhookAction, ws: string, url: string) => spendOnDemand(redis, action, ws, url) };
  const workspaces: string[] = [];
  const workspace = () => {
    const id = `ws_test_${randomBytes(6).toString('hex')}`;
    workspaces.push(id);
    return id;
  };
  const refusal = async (work: Promise<void>): Promise<ApiError> => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  beforeAll(() => redis.connect());
  afterAll(async () => {
    for (const ws of workspaces) {
      const keys = await redis.keys(`pws:webhook-throttle:{${ws}}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it('allows the per-host limit of an action, then answers 429 RATE_LIMIT with Retry-After, counting nothing', async () => {
    const ws = workspace();
    const { limit, windowMs } = WEBHOOK_ACTION_LIMITS.test;
    for (let i = 0; i < limit; i++) await throttle.spend('test', ws, 'https://hooks.example.com/a');
    // Another URL on the same host (another webhook, or one deleted and re-created) shares the count.
    const error = await refusal(throttle.spend('test', ws, 'https://HOOKS.example.com:8443/b'));
    expect(error.status).toBe(429);
    expect(error.errorName).toBe('RATE_LIMIT');
    expect(error.payload).toMatchObject({ limit: 'webhook_test' });
    const retryAfter = Number(error.headers['Retry-After']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    const [hostKey, budgetKey] = throttleKeys('test', ws, 'hooks.example.com');
    expect(await redis.get(hostKey)).toBe(String(limit));
    expect(await redis.get(budgetKey)).toBe(String(limit));
    // Other hosts, other actions and other workspaces keep their own counts.
    await throttle.spend('test', ws, 'https://other.example.com/');
    await throttle.spend('resend', ws, 'https://hooks.example.com/a');
    await throttle.spend('test', workspace(), 'https://hooks.example.com/a');
  });

  it("caps a workspace's on-demand sends over every host and action, without spending on the host counter it refuses", async () => {
    const ws = workspace();
    for (let i = 0; i < WORKSPACE_ON_DEMAND_LIMIT.limit; i++)
      await throttle.spend(i % 2 ? 'test' : 'resend', ws, `https://h${i}.example.com/`);
    const error = await refusal(throttle.spend('test', ws, 'https://fresh.example.com/'));
    expect(error.payload).toMatchObject({ limit: 'webhook_on_demand' });
    expect(await redis.get(throttleKeys('test', ws, 'fresh.example.com')[0])).toBeNull();
    // Another workspace is unaffected.
    await throttle.spend('test', workspace(), 'https://fresh.example.com/');
  });

  it('answers the wait of the counter that frees up last when several refuse', async () => {
    const ws = workspace();
    const [hostKey, budgetKey] = throttleKeys('recover', ws, 'hooks.example.com');
    await redis.set(hostKey, WEBHOOK_ACTION_LIMITS.recover.limit, 'PX', 1_800_000);
    await redis.set(budgetKey, WORKSPACE_ON_DEMAND_LIMIT.limit, 'PX', 30_000);
    const error = await refusal(throttle.spend('recover', ws, 'https://hooks.example.com/'));
    expect(error.payload).toMatchObject({ limit: 'webhook_recover' });
    expect(Number(error.headers['Retry-After'])).toBeGreaterThan(1700);
    await redis.set(hostKey, 0, 'PX', 1_800_000);
    const budget = await refusal(throttle.spend('recover', ws, 'https://hooks.example.com/'));
    expect(budget.payload).toMatchObject({ limit: 'webhook_on_demand' });
    expect(Number(budget.headers['Retry-After'])).toBeLessThanOrEqual(30);
    expect(await redis.get(hostKey)).toBe('0');
  });

  it('starts a window on the first spend: counters expire with it', async () => {
    const ws = workspace();
    await throttle.spend('reenable', ws, 'https://hooks.example.com/');
    const [hostKey, budgetKey] = throttleKeys('reenable', ws, 'hooks.example.com');
    expect(await redis.pttl(hostKey)).toBeGreaterThan(WEBHOOK_ACTION_LIMITS.reenable.windowMs - 5000);
    expect(await redis.pttl(budgetKey)).toBeGreaterThan(WORKSPACE_ON_DEMAND_LIMIT.windowMs - 5000);
    expect(await redis.pttl(budgetKey)).toBeLessThanOrEqual(WORKSPACE_ON_DEMAND_LIMIT.windowMs);
  });
});
