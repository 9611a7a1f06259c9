import { SerialRunner } from './serial-runner';

it('runs one pass at a time and one more pass for any number of calls made meanwhile', async () => {
  let runs = 0;
  let active = 0;
  let maxActive = 0;
  const runner = new SerialRunner(
    async () => {
      runs += 1;
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 20));
      active -= 1;
    },
    () => undefined,
  );
  void runner.run();
  void runner.run();
  void runner.run();
  await runner.run();
  await runner.idle();
  expect(runs).toBe(2);
  expect(maxActive).toBe(1);
});

it('keeps running after a failed pass', async () => {
  const errors: string[] = [];
  let n = 0;
  const runner = new SerialRunner(
    async () => {
      n += 1;
      if (n === 1) throw new Error('boom');
    },
    (e) => errors.push(e.message),
  );
  await runner.run();
  await runner.run();
  expect(errors).toEqual(['boom']);
  expect(n).toBe(2);
});
