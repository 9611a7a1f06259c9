/** Date arithmetic on `YYYY-MM-DD` strings in UTC, for month-based filters. */

const parse = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return { y, m, d };
};

const format = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The same day `months` months earlier, clamped to the end of a shorter month (Mar 31 − 1 = Feb 28). */
export function monthsBefore(day: string, months: number): string {
  const { y, m, d } = parse(day);
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysIn(year, month)));
}

/** First day of the month `months` months before `day`'s month (0 = this month). */
export function monthStartBefore(day: string, months: number): string {
  const { y, m } = parse(day);
  const index = y * 12 + (m - 1) - months;
  return format(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** Today in UTC. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);
