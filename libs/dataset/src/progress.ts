/** Writes `file:line: reason` lines and, only when the stream is a terminal, a progress bar. */
export class Progress {
  private done = 0;
  private total = 0;
  private label = '';
  private lastDraw = 0;
  private drawn = false;
  private readonly started = Date.now();
  private readonly tty: boolean;

  constructor(private readonly stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }) {
    this.tty = stream.isTTY === true;
  }

  /** Starts a new bar: `total` units (bytes or records) of the named work. */
  start(label: string, total: number): void {
    this.label = label;
    this.total = total;
    this.done = 0;
    this.draw(true);
  }

  advance(units: number): void {
    this.done += units;
    if (this.tty && Date.now() - this.lastDraw > 100) this.draw(false);
  }

  /** A message line (a rejected record); the bar is redrawn below it. */
  line(text: string): void {
    this.clear();
    this.stream.write(`${text}\n`);
  }

  finish(): void {
    if (!this.tty) return;
    this.draw(true);
    this.stream.write('\n');
    this.drawn = false;
  }

  private clear(): void {
    if (this.tty && this.drawn) this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }

  private draw(force: boolean): void {
    if (!this.tty || (!force && Date.now() - this.lastDraw < 100)) return;
    this.lastDraw = Date.now();
    const ratio = this.total > 0 ? Math.min(1, this.done / this.total) : 0;
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = ((Date.now() - this.started) / 1000).toFixed(0);
    this.stream.write(
      `\r\x1b[2K${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0)}% ${seconds}s`,
    );
    this.drawn = true;
  }
}
