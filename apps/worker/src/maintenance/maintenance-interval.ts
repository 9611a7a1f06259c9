/**
 * How often maintenance runs: a tenth of the shortest window it enforces, between 1 s and
 * 1 min, so compressed test clocks (WEBHOOK_DISABLE_AFTER=3s) are honoured as well as 3 days.
 */
export function maintenanceIntervalMs(disableAfterMs: number, historyRetentionMs: number): number {
  return Math.min(60_000, Math.max(1000, Math.floor(Math.min(disableAfterMs, historyRetentionMs) / 10)));
}
