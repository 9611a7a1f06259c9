import { nextSweepDelayMs, SLOW_SWEEP_MS, SWEEP_EVERY_MS, SWEEP_RETRY_MS } from './sweep-schedule';

describe('nextSweepDelayMs', () => {
  it('waits the full interval after a quick, successful sweep', () => {
    expect(nextSweepDelayMs({ failed: false, tookMs: 12 })).toBe(SWEEP_EVERY_MS);
    expect(nextSweepDelayMs({ failed: false, tookMs: SLOW_SWEEP_MS })).toBe(SWEEP_EVERY_MS);
  });

  it('sweeps again soon after a failed sweep (Redis refused or PostgreSQL was down)', () => {
    expect(nextSweepDelayMs({ failed: true, tookMs: 3 })).toBe(SWEEP_RETRY_MS);
  });

  it('sweeps again soon after a sweep that waited for Redis, since it missed rows committed meanwhile', () => {
    expect(nextSweepDelayMs({ failed: false, tookMs: SLOW_SWEEP_MS + 1 })).toBe(SWEEP_RETRY_MS);
    expect(SWEEP_RETRY_MS).toBeLessThan(SWEEP_EVERY_MS);
  });
});
