/**
 * How often maintenance runs: a tenth of the shortest window it enforces (webhook disable and history,
 * export and verification retention), between 1 s and 1 min, so compressed test clocks
 * (WEBHOOK_DISABLE_AFTER=3s, EXPORT_RETENTION=2s) are honoured as well as days.
 */
export function maintenanceIntervalMs(...windowsMs: number[]): number {
  return Math.min(60_000, Math.max(1000, Math.floor(Math.min(...windowsMs) / 10)));
}
