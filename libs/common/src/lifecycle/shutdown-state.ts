// Plain module (no Nest imports): Nest instantiates it as a provider, and unit specs load it without the framework.

/**
 * Whether the process has been asked to stop. Set by the signal handler before anything else
 * happens, so readiness answers 503 from the first moment while the process still serves.
 */
export class ShutdownState {
  private signal: string | null = null;

  get stopping(): boolean {
    return this.signal !== null;
  }

  begin(signal: string): void {
    this.signal ??= signal;
  }
}
