import { summarizeWaiting } from './waiting-summary';

const hook = (webhookId: string, waiting: number, oldestWaitingSince: number) => ({
  workspaceId: 'ws',
  webhookId,
  waiting,
  oldestWaitingSince,
});

it('sums every waiting attempt but lists only the webhooks with the most, with the age of their oldest', () => {
  const summary = summarizeWaiting(
    [hook('a', 5, 9_000), hook('b', 50, 8_000), hook('c', 5, 7_000), hook('d', 1, 1_000)],
    10_000,
    2,
  );
  expect(summary.total).toBe(61);
  expect(summary.top).toEqual([
    { webhookId: 'b', waiting: 50, oldestAgeSeconds: 2 },
    { webhookId: 'c', waiting: 5, oldestAgeSeconds: 3 }, // a tie goes to the one waiting longest
  ]);
});

it('answers nothing waiting when no webhook has waiting attempts', () => {
  expect(summarizeWaiting([], 1_000)).toEqual({ total: 0, top: [] });
});
