const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `500ms`, `10s`, `1m`, `2h`, `3d` (or a bare `0`) into milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(trimmed);
  if (!match) return null;
  return Math.round(Number(match[1]) * UNIT_MS[match[2]]);
}

/** Parses a comma-separated list of durations; null when any entry is malformed. */
export function parseDurationList(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const values = parts.map(parseDuration);
  return values.some((v) => v === null) ? null : (values as number[]);
}
