import { within } from './within';

describe('within', () => {
  it('answers the work when it settles in time', async () => {
    await expect(within(Promise.resolve(7), 1000)).resolves.toBe(7);
    await expect(within(Promise.reject(new Error('boom')), 1000)).rejects.toThrow('boom');
  });

  it('rejects with the timeout error when the work takes longer', async () => {
    const slow = new Promise((resolve) => setTimeout(resolve, 200));
    await expect(within(slow, 10)).rejects.toThrow('no answer within 10 ms');
    await expect(
      within(slow, 10, () => Object.assign(new Error('dns timeout'), { code: 'ETIMEOUT' })),
    ).rejects.toMatchObject({
      code: 'ETIMEOUT',
    });
  });
});
