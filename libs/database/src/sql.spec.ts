import { deleteInBatches, retryOnDeadlock } from './sql';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs the work again after a deadlock, up to the number of tries', async () => {
    let calls = 0;
    await expect(retryOnDeadlock(async () => (++calls < 3 ? Promise.reject(deadlock()) : 'done'))).resolves.toBe(
      'done',
    );
    expect(calls).toBe(3);
  });

  it('gives up after the last try and passes any other error at once', async () => {
    let calls = 0;
    await expect(retryOnDeadlock(async () => Promise.reject((calls++, deadlock())), 2)).rejects.toThrow('deadlock');
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      retryOnDeadlock(async () => Promise.reject((calls++, Object.assign(new Error('x'), { code: '23505' })))),
    ).rejects.toThrow('x');
    expect(calls).toBe(1);
  });

  it('pauses before a rerun, so the victim does not meet the same lock holders in lockstep', async () => {
    const startedAt: number[] = [];
    await retryOnDeadlock(
      async () => (startedAt.push(Date.now()), startedAt.length < 3 ? Promise.reject(deadlock()) : 1),
    );
    expect(startedAt[1] - startedAt[0]).toBeGreaterThanOrEqual(9);
    expect(startedAt[2] - startedAt[1]).toBeGreaterThanOrEqual(19);
  });

  it('reads the code of a TypeORM QueryFailedError from its driver error', async () => {
    let calls = 0;
    await retryOnDeadlock(async () =>
      ++calls === 1 ? Promise.reject(Object.assign(new Error('q'), { driverError: { code: '40P01' } })) : 1,
    );
    expect(calls).toBe(2);
  });
});

describe('deleteInBatches', () => {
  it('repeats full batches and stops at the first short one', async () => {
    const answers = [3, 3, 1, 3];
    const calls: number[] = [];
    const total = await deleteInBatches(async () => {
      calls.push(1);
      return answers.shift()!;
    }, 3);
    expect(total).toBe(7);
    expect(calls).toHaveLength(3);
  });

  it('runs once when nothing is due', async () => {
    let calls = 0;
    expect(await deleteInBatches(async () => (calls++, 0), 5000)).toBe(0);
    expect(calls).toBe(1);
  });
});
