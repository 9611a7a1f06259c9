import { BatchedLoader } from './batched-loader';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('answers each key its own value and loads concurrent keys together', async () => {
  const batches: number[][] = [];
  const loader = new BatchedLoader<number, string>(async (keys) => {
    batches.push(keys);
    await tick(5);
    return keys.map((k) => `v${k}`);
  });
  const answers = await Promise.all([1, 2, 3, 4, 5].map((k) => loader.load(k)));
  expect(answers).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
  expect(batches).toEqual([[1, 2, 3, 4, 5]]);
});

it('keeps at most maxInFlight batches running and sends the loads queued meanwhile as one batch', async () => {
  const batches: number[][] = [];
  let active = 0;
  let maxActive = 0;
  const loader = new BatchedLoader<number, number>(
    async (keys) => {
      batches.push(keys);
      active += 1;
      maxActive = Math.max(maxActive, active);
      await tick(20);
      active -= 1;
      return keys.map((k) => k * 10);
    },
    2,
    1,
  );
  const first = [loader.load(1), loader.load(2), loader.load(3)];
  await tick(5);
  const later = [loader.load(4), loader.load(5)];
  expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
  expect(maxActive).toBe(1);
  expect(batches).toEqual([[1, 2], [3, 4], [5]]);
});

it('fails every load of a failed batch, and later loads still run', async () => {
  let fail = true;
  const loader = new BatchedLoader<number, number>(async (keys) => {
    if (fail) throw new Error('db down');
    return keys;
  });
  const results = await Promise.allSettled([loader.load(1), loader.load(2)]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  fail = false;
  expect(await loader.load(7)).toBe(7);
});

it('refuses an answer that does not match the keys one to one', async () => {
  const loader = new BatchedLoader<number, number>(async () => [1]);
  await expect(Promise.all([loader.load(1), loader.load(2)])).rejects.toThrow('answered 1 values for 2 keys');
});
