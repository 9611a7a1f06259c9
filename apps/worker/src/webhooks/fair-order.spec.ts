import { interleaveByWebhook } from './fair-order';

const attempt = (webhookId: string, eventId: string) => ({ webhookId, eventId });

describe('interleaveByWebhook', () => {
  it('lets webhooks take turns, each keeping its own order', () => {
    const grouped = [
      attempt('a', '1'),
      attempt('a', '2'),
      attempt('a', '3'),
      attempt('b', '4'),
      attempt('c', '5'),
      attempt('b', '6'),
    ];
    expect(interleaveByWebhook(grouped).map((a) => `${a.webhookId}${a.eventId}`)).toEqual([
      'a1',
      'b4',
      'c5',
      'a2',
      'b6',
      'a3',
    ]);
  });

  it('keeps every attempt exactly once, and an empty list empty', () => {
    const many = Array.from({ length: 50 }, (_, i) => attempt(`w${i % 7 === 0 ? 0 : i % 3}`, String(i)));
    const out = interleaveByWebhook(many);
    expect(out).toHaveLength(50);
    expect(new Set(out.map((a) => a.eventId)).size).toBe(50);
    expect(interleaveByWebhook([])).toEqual([]);
  });
});
