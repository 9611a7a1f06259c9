import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { DeliverySlots } from './delivery-slots';

// The three scripts alone, on a real Redis, under a random key prefix removed afterwards.
// Database 0 by default (the black-box stacks and the benchmarks flush theirs), under a random key prefix removed afterwards.
const db = Number(process.env.DISPATCHER_REDIS_DB ?? '0');
const redis = new Redis(`${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/${db}`, { maxRetriesPerRequest: 1 });
const prefix = `slots${randomBytes(4).toString('hex')}`;
const TTL = 300;
const slots = new DeliverySlots(redis, { perWebhook: 2, perWorkspace: 3, ttlMs: TTL }, prefix);
let seq = 0;
const workspace = () => `ws_${++seq}`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

it('takes up to the webhook cap and the workspace cap', async () => {
  const ws = workspace();
  expect(await slots.take(ws, 'wh_a', 5)).toHaveLength(2);
  expect(await slots.take(ws, 'wh_a', 1)).toEqual([]);
  expect(await slots.take(ws, 'wh_b', 2)).toHaveLength(1); // the workspace's third
  expect(await slots.take(ws, 'wh_c', 1)).toEqual([]);
  expect(await slots.take(workspace(), 'wh_c', 1)).toHaveLength(1); // another workspace has its own cap
});

it('frees a slot that is not renewed within the TTL; renewing keeps it', async () => {
  const ws = workspace();
  const [kept] = await slots.take(ws, 'wh_a', 1);
  const [lost] = await slots.take(ws, 'wh_a', 1);
  await sleep(TTL / 2);
  expect((await slots.keep(ws, 'wh_a', [kept])).held).toEqual([kept]);
  await sleep(TTL / 2 + 50);
  expect(await slots.keep(ws, 'wh_a', [kept, lost])).toEqual({ held: [kept], share: 3, wanting: [] });
  expect(await slots.take(ws, 'wh_a', 2)).toHaveLength(1); // the expired one is free again
});

it('gives slots back once, and answers the other webhooks that want one', async () => {
  const ws = workspace();
  const a = await slots.take(ws, 'wh_a', 2);
  const [b] = await slots.take(ws, 'wh_b', 2); // one: the workspace is full, wh_b wants more
  expect(await slots.give(ws, 'wh_a', [a[0]])).toEqual({ freed: 1, wanting: ['wh_b'] });
  expect(await slots.give(ws, 'wh_a', [a[0]])).toEqual({ freed: 0, wanting: ['wh_b'] });
  expect(await slots.give(ws, 'wh_b', [b])).toEqual({ freed: 1, wanting: [] }); // never itself
  expect(await slots.give(ws, 'wh_a', [])).toEqual({ freed: 0, wanting: [] });
});

describe('fair share', () => {
  it('is the whole cap while nobody waits', async () => {
    const ws = workspace();
    const a = await slots.take(ws, 'wh_a', 2);
    expect(await slots.keep(ws, 'wh_a', a)).toEqual({ held: a, share: 3, wanting: [] });
  });

  it('divides the cap among holders and wanting webhooks; a webhook held back below it is wanting', async () => {
    const ws = workspace();
    const a = await slots.take(ws, 'wh_a', 2);
    const b = await slots.take(ws, 'wh_b', 1);
    expect(await slots.take(ws, 'wh_c', 2)).toEqual([]);
    // wh_a, wh_b, wh_c: a share of 1 each; wh_a's drain gives up one lane.
    expect(await slots.keep(ws, 'wh_a', a)).toEqual({ held: a, share: 1, wanting: ['wh_c'] });
    expect(await slots.keep(ws, 'wh_b', b)).toEqual({ held: b, share: 1, wanting: ['wh_c'] });
    expect((await slots.keep(ws, 'wh_c', [])).wanting).toEqual([]); // never itself
    // The freed slot goes to wh_c, not back to wh_a (at its share while wh_c wants).
    await slots.give(ws, 'wh_a', [a[1]]);
    expect(await slots.take(ws, 'wh_a', 1)).toEqual([]);
    expect(await slots.take(ws, 'wh_c', 2)).toHaveLength(1);
  });

  it("is shared by a webhook's drains: each is told the share less the others' slots", async () => {
    const ws = workspace();
    const first = await slots.take(ws, 'wh_a', 1);
    const second = await slots.take(ws, 'wh_a', 1);
    await slots.take(ws, 'wh_b', 1);
    expect(await slots.take(ws, 'wh_c', 1)).toEqual([]); // full: wh_c wants one
    expect((await slots.keep(ws, 'wh_a', first)).share).toBe(0); // 1 for wh_a, held by the other drain
    expect((await slots.keep(ws, 'wh_a', [...first, ...second])).share).toBe(1);
  });

  it('stops counting a wanting webhook that did not ask again within the TTL', async () => {
    const ws = workspace();
    const a = await slots.take(ws, 'wh_a', 2);
    await slots.take(ws, 'wh_b', 1);
    await slots.take(ws, 'wh_c', 1);
    await sleep(TTL + 50);
    const again = await slots.take(ws, 'wh_a', 2);
    expect((await slots.keep(ws, 'wh_a', again)).wanting).toEqual([]);
    expect(a).toHaveLength(2);
  });
});

it("keeps every key of a workspace under the workspace's hash tag, and no task in Redis", async () => {
  const ws = workspace();
  const a = await slots.take(ws, 'wh_a', 2);
  await slots.take(ws, 'wh_b', 2);
  await slots.keep(ws, 'wh_a', a);
  const keys = (await redis.keys(`${prefix}:*`)).filter((k) => k.includes(`{${ws}}`));
  expect(keys.sort()).toEqual(
    [
      `${prefix}:{${ws}}:hook:wh_a`,
      `${prefix}:{${ws}}:hook:wh_b`,
      `${prefix}:{${ws}}:wanting`,
      `${prefix}:{${ws}}:ws`,
    ].sort(),
  );
  // Redis Cluster hashes only what is inside the first {...}: one slot for all of them.
  expect(new Set(keys.map((k) => /\{([^}]*)\}/.exec(k)![1]))).toEqual(new Set([ws]));
  for (const m of await redis.zrange(`${prefix}:{${ws}}:ws`, '0', '-1')) expect(m).toMatch(/^wh_[ab]:[\w-]+:\d+$/);
  for (const k of keys) expect(await redis.pttl(k)).toBeGreaterThan(0); // nothing outlives its slots
});

it('hands the slots of a job to the one run that adopts them, under new names, still counted in the caps', async () => {
  const ws = workspace();
  const carried = await slots.take(ws, 'wh_a', 2);
  const [given] = await slots.take(ws, 'wh_b', 1);
  await slots.give(ws, 'wh_b', [given]);
  const adopted = await slots.adopt(ws, 'wh_a', carried);
  expect(adopted).toHaveLength(2);
  expect(adopted.filter((m) => carried.includes(m))).toEqual([]);
  expect(adopted.every((m) => m.startsWith('wh_a:'))).toBe(true);
  // The same job run again (a duplicate, or retried after its worker died): nothing left to adopt.
  expect(await slots.adopt(ws, 'wh_a', carried)).toEqual([]);
  expect((await slots.keep(ws, 'wh_a', carried)).held).toEqual([]);
  expect((await slots.keep(ws, 'wh_a', adopted)).held).toEqual(adopted);
  expect(await slots.take(ws, 'wh_a', 1)).toEqual([]); // the webhook's cap, held by the adopted slots
  expect(await slots.take(ws, 'wh_b', 2)).toHaveLength(1); // the workspace's third
  // A slot given back or expired is not adopted.
  expect(await slots.adopt(ws, 'wh_b', [given])).toEqual([]);
  const [late] = await slots.take(workspace(), 'wh_c', 1);
  await sleep(TTL + 50);
  expect(await slots.adopt(`ws_${seq}`, 'wh_c', [late])).toEqual([]);
});
