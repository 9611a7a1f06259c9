import { ThrottledWarning } from './throttled-warning';

describe('ThrottledWarning', () => {
  it('writes the first failure at once, counts the rest of the window, and sums them up with the next one', () => {
    let now = 0;
    const written: string[] = [];
    const warning = new ThrottledWarning(
      (m) => written.push(m),
      30_000,
      () => now,
    );

    warning.report(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    for (let i = 0; i < 50; i++) {
      now += 100;
      warning.report(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    }
    expect(written).toEqual(['connect ECONNREFUSED 127.0.0.1:6379']);

    now = 31_000;
    warning.report('Missing lock for job x');
    expect(written).toEqual([
      'connect ECONNREFUSED 127.0.0.1:6379',
      'Missing lock for job x (and 50 more in the last 31 s)',
    ]);

    now = 70_000;
    warning.report(new Error('back again'));
    expect(written[2]).toBe('back again');
  });
});
