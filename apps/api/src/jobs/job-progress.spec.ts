import { jobProgress, retryAfterSeconds } from './job-progress';

describe('jobProgress', () => {
  it('answers whole percents, 100 only when done', () => {
    expect(jobProgress(0, 3)).toEqual({ processed: 0, total: 3, percent: 0 });
    expect(jobProgress(2, 3)).toEqual({ processed: 2, total: 3, percent: 66 });
    expect(jobProgress(9999, 10000).percent).toBe(99);
    expect(jobProgress(3, 3).percent).toBe(100);
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-01-01T00:00:10Z');
  const started = '2026-01-01T00:00:00Z';

  it('is absent once the job is finished', () => {
    expect(retryAfterSeconds({ status: 'completed', processed: 5, total: 5, started_at: started }, now)).toBeNull();
    expect(retryAfterSeconds({ status: 'failed', processed: 1, total: 5, started_at: started }, now)).toBeNull();
  });

  it('is 2 s while queued or before the first chunk', () => {
    expect(retryAfterSeconds({ status: 'queued', processed: 0, total: 5, started_at: null }, now)).toBe(2);
    expect(retryAfterSeconds({ status: 'running', processed: 0, total: 5, started_at: started }, now)).toBe(2);
  });

  it('estimates the time left from the rate so far, within 1-5 s', () => {
    // 10 s for half the job: 10 s left, capped at 5.
    expect(retryAfterSeconds({ status: 'running', processed: 500, total: 1000, started_at: started }, now)).toBe(5);
    // 10 s for 90 %: about 1.1 s left.
    expect(retryAfterSeconds({ status: 'running', processed: 900, total: 1000, started_at: started }, now)).toBe(2);
    expect(retryAfterSeconds({ status: 'running', processed: 999, total: 1000, started_at: started }, now)).toBe(1);
  });
});
