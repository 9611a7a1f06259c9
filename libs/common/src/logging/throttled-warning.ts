/**
 * One warning per window for a failure that repeats, e.g. a BullMQ worker's Redis errors while Redis is
 * away (each of its connections reports every reconnect attempt and every lock it could not extend):
 * the first is written at once, the rest are counted and summed up with the next one after the window.
 */
export class ThrottledWarning {
  private windowStart = -Infinity;
  private suppressed = 0;

  constructor(
    private readonly write: (message: string) => void,
    private readonly windowMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  report(error: unknown): void {
    const at = this.now();
    if (at - this.windowStart < this.windowMs) {
      this.suppressed++;
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const more =
      this.suppressed > 0
        ? ` (and ${this.suppressed} more in the last ${Math.round((at - this.windowStart) / 1000)} s)`
        : '';
    this.write(`${message}${more}`);
    this.windowStart = at;
    this.suppressed = 0;
  }
}
