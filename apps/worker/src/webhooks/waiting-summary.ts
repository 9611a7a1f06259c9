import type { WaitingWebhook } from './in-flight-limiter';

/** Per-webhook series are published for at most this many webhooks, so /metrics keeps a bounded label count. */
export const TOP_WAITING_WEBHOOKS = 10;

export interface WaitingSummary {
  total: number;
  /** The webhooks with the most waiting attempts, most first, with the age of their oldest in seconds. */
  top: { webhookId: string; waiting: number; oldestAgeSeconds: number }[];
}

/** Sums the waiting attempts and keeps the `limit` webhooks with the most (ties: the longest waiting first). */
export function summarizeWaiting(hooks: WaitingWebhook[], now: number, limit = TOP_WAITING_WEBHOOKS): WaitingSummary {
  const top = [...hooks]
    .sort((a, b) => b.waiting - a.waiting || a.oldestWaitingSince - b.oldestWaitingSince)
    .slice(0, limit)
    .map((h) => ({
      webhookId: h.webhookId,
      waiting: h.waiting,
      oldestAgeSeconds: Math.max(0, (now - h.oldestWaitingSince) / 1000),
    }));
  return { total: hooks.reduce((sum, h) => sum + h.waiting, 0), top };
}
