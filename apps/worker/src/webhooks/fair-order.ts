/**
 * Orders delivery attempts so that webhooks take turns: the first attempt of each webhook, then
 * the second of each, and so on, keeping each webhook's own order. Queued in this order, a
 * burst for one workspace does not sit in front of everyone else's events, and the jobs that
 * run together spread over many webhooks instead of crowding one webhook's in-flight limit.
 */
export function interleaveByWebhook<T extends { webhookId: string }>(attempts: readonly T[]): T[] {
  const byWebhook = new Map<string, T[]>();
  for (const attempt of attempts) {
    const own = byWebhook.get(attempt.webhookId);
    if (own) own.push(attempt);
    else byWebhook.set(attempt.webhookId, [attempt]);
  }
  const lanes = [...byWebhook.values()];
  const ordered: T[] = [];
  for (let turn = 0; ordered.length < attempts.length; turn++) {
    for (const lane of lanes) if (turn < lane.length) ordered.push(lane[turn]);
  }
  return ordered;
}
