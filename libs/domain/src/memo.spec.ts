import { memoize } from './memo';

describe('memoize', () => {
  it('computes each key once and answers the kept value after', () => {
    const calls: string[] = [];
    const upper = memoize((s: string) => (calls.push(s), s.toUpperCase()));
    expect([upper('a'), upper('b'), upper('a')]).toEqual(['A', 'B', 'A']);
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps undefined results too', () => {
    let calls = 0;
    const nothing = memoize((_: number) => (calls++, undefined));
    nothing(1);
    nothing(1);
    expect(calls).toBe(1);
  });

  it('forgets everything past its limit, so memory stays bounded', () => {
    let calls = 0;
    const twice = memoize((n: number) => (calls++, n * 2), 2);
    twice(1);
    twice(2);
    twice(3); // clears 1 and 2
    twice(1);
    expect(calls).toBe(4);
    expect(twice(3)).toBe(6);
    expect(calls).toBe(4);
  });
});
