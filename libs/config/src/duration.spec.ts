import { parseDuration, parseDurationList } from './duration';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['10s', 10_000],
    ['1m', 60_000],
    ['2h', 7_200_000],
    ['3d', 259_200_000],
    ['1.5s', 1500],
    [' 7s ', 7000],
    ['0', 0],
    ['0s', 0],
  ])('%j is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '10', '5 s', '1w', '-1s', 's', '1e3ms', '1m30s', 'ten seconds'])('%j is malformed', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('parseDurationList', () => {
  it('reads a comma-separated schedule', () => {
    expect(parseDurationList('1m,5m,30m,2h,6h,24h')).toEqual([
      60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000,
    ]);
    expect(parseDurationList(' 1s , 2s ')).toEqual([1000, 2000]);
  });

  it('refuses a list with any malformed entry', () => {
    expect(parseDurationList('1s,later,2s')).toBeNull();
  });
});
