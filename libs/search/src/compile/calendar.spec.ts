import { monthsBefore, monthStartBefore, todayUtc } from './calendar';

describe('monthsBefore', () => {
  it('keeps the day of the month', () => {
    expect(monthsBefore('2026-11-22', 0)).toBe('2026-11-22');
    expect(monthsBefore('2026-11-22', 3)).toBe('2026-08-22');
    expect(monthsBefore('2026-11-22', 14)).toBe('2025-09-22');
  });

  it('clamps to the end of a shorter month, leap years included', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-05-31', 1)).toBe('2026-04-30');
  });

  it('crosses year boundaries both ways of the calendar', () => {
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
    expect(monthsBefore('2026-01-15', 600)).toBe('1976-01-15');
  });
});

describe('monthStartBefore', () => {
  it('answers the first day of this month and of earlier months (inclusive calendar months)', () => {
    expect(monthStartBefore('2026-11-22', 0)).toBe('2026-11-01');
    expect(monthStartBefore('2026-11-22', 2)).toBe('2026-09-01');
    expect(monthStartBefore('2026-02-28', 12)).toBe('2025-02-01');
  });
});

describe('todayUtc', () => {
  it('uses the UTC date, not the local one', () => {
    expect(todayUtc(new Date('2026-11-30T23:59:59-05:00'))).toBe('2026-12-01');
  });
});
