import { GracefulShutdown, GracefulShutdownOptions, SAME_REQUEST_WINDOW_MS } from './graceful-shutdown';

/** A shutdown whose stop resolves when the test says, with a fake clock and exit. */
function harness(overrides: Partial<GracefulShutdownOptions> = {}) {
  const events: string[] = [];
  let finishStop: () => void = () => undefined;
  const shutdown = new GracefulShutdown({
    delayMs: 5000,
    timeoutMs: 20_000,
    begin: (signal) => events.push(`begin ${signal}`),
    stop: () => {
      events.push('stop');
      return new Promise<void>((resolve) => (finishStop = resolve));
    },
    exit: (code) => events.push(`exit ${code}`),
    log: { info: () => undefined, warn: () => undefined },
    now: () => Date.now(),
    ...overrides,
  });
  return { shutdown, events, finishStop: () => finishStop() };
}

describe('GracefulShutdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('SIGTERM: begins at once (readiness 503), stops only after the delay, exits 0 once stop finished', async () => {
    const { shutdown, events, finishStop } = harness();
    shutdown.handle('SIGTERM');
    expect(events).toEqual(['begin SIGTERM']);
    await jest.advanceTimersByTimeAsync(4999);
    expect(events).toEqual(['begin SIGTERM']);
    await jest.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['begin SIGTERM', 'stop']);
    finishStop();
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['begin SIGTERM', 'stop', 'exit 0']);
    // The deadline was cleared: nothing more happens.
    await jest.advanceTimersByTimeAsync(60_000);
    expect(events).toEqual(['begin SIGTERM', 'stop', 'exit 0']);
  });

  it('SIGINT (Ctrl-C) skips the delay', async () => {
    const { shutdown, events, finishStop } = harness();
    shutdown.handle('SIGINT');
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['begin SIGINT', 'stop']);
    finishStop();
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['begin SIGINT', 'stop', 'exit 0']);
  });

  it('exits 1 when stop has not finished within the timeout', async () => {
    const { shutdown, events, finishStop } = harness({ delayMs: 0, timeoutMs: 3000 });
    shutdown.handle('SIGTERM');
    await jest.advanceTimersByTimeAsync(2999);
    expect(events).toEqual(['begin SIGTERM', 'stop']);
    await jest.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['begin SIGTERM', 'stop', 'exit 1']);
    finishStop();
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['begin SIGTERM', 'stop', 'exit 1']);
  });

  it('exits 1 when stop fails', async () => {
    const events: string[] = [];
    const { shutdown } = harness({
      delayMs: 0,
      stop: () => Promise.reject(new Error('pool gone')),
      exit: (code) => events.push(`exit ${code}`),
    });
    shutdown.handle('SIGTERM');
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['exit 1']);
  });

  it('a second signal while stopping exits at once, with 128 + its number', async () => {
    const { shutdown, events } = harness();
    shutdown.handle('SIGTERM');
    await jest.advanceTimersByTimeAsync(SAME_REQUEST_WINDOW_MS);
    shutdown.handle('SIGTERM');
    expect(events).toEqual(['begin SIGTERM', 'exit 143']);
    // The delay running out later changes nothing.
    await jest.advanceTimersByTimeAsync(30_000);
    expect(events).toEqual(['begin SIGTERM', 'exit 143']);

    const ctrlC = harness();
    ctrlC.shutdown.handle('SIGTERM');
    await jest.advanceTimersByTimeAsync(2000);
    ctrlC.shutdown.handle('SIGINT');
    expect(ctrlC.events).toEqual(['begin SIGTERM', 'exit 130']);
  });

  it('signals within the same second are one request (a terminal and npm both deliver one Ctrl-C)', async () => {
    const { shutdown, events, finishStop } = harness();
    shutdown.handle('SIGINT');
    await jest.advanceTimersByTimeAsync(SAME_REQUEST_WINDOW_MS - 1);
    shutdown.handle('SIGINT');
    finishStop();
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['begin SIGINT', 'stop', 'exit 0']);
  });
});
