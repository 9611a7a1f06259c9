/**
 * Runs `task` one at a time: a call while it runs asks for exactly one more run afterwards, so
 * a burst of NOTIFYs costs one pass, and no wake-up is ever lost.
 */
export class SerialRunner {
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly onError: (error: Error) => void,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.task();
        } catch (error) {
          this.onError(error as Error);
        }
      } while (this.again);
      this.running = undefined;
    })();
    return this.running;
  }

  /** Resolves when the current run (if any) is over. */
  async idle(): Promise<void> {
    await this.running;
  }
}
