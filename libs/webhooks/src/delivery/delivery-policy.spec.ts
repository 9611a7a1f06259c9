import {
  classifyAttempt,
  decideTask,
  deliveryJobId,
  parseDeliveryJobId,
  disableReasonFor,
  isFailingTooLong,
  retryDelayAfter,
} from './delivery-policy';

const SCHEDULE = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000];
const NOW = new Date('2026-01-01T00:00:00.000Z');
const LIMITS = { disableAfterTimeouts: 20, disableAfterMs: 3 * 86_400_000 };

describe('classifyAttempt', () => {
  it.each([200, 201, 204, 299])('%d succeeds', (status) => {
    expect(classifyAttempt({ kind: 'response', status })).toMatchObject({
      status: 'succeeded',
      error: null,
      retryable: false,
      responseStatus: status,
    });
  });
  it.each([408, 429, 500, 502, 503, 504, 599])('%d is retried', (status) => {
    expect(classifyAttempt({ kind: 'response', status })).toMatchObject({
      status: 'failed',
      error: 'http_status',
      retryable: true,
      gone: false,
    });
  });
  it.each([400, 401, 403, 404, 409, 422])('%d fails for good', (status) => {
    expect(classifyAttempt({ kind: 'response', status })).toMatchObject({
      status: 'failed',
      error: 'http_status',
      retryable: false,
      gone: false,
    });
  });
  it.each([301, 302, 307, 308])('%d is a redirect, never followed nor retried', (status) => {
    expect(classifyAttempt({ kind: 'response', status })).toMatchObject({
      status: 'failed',
      error: 'redirect',
      retryable: false,
    });
  });
  it('410 fails for good and marks the endpoint gone', () => {
    expect(classifyAttempt({ kind: 'response', status: 410 })).toMatchObject({
      error: 'http_status',
      retryable: false,
      gone: true,
    });
  });
  it('timeouts and connection errors are retried; blocked targets are not', () => {
    expect(classifyAttempt({ kind: 'timeout' })).toMatchObject({
      error: 'timeout',
      retryable: true,
      responseStatus: null,
    });
    expect(classifyAttempt({ kind: 'connection_error' })).toMatchObject({ error: 'connection_error', retryable: true });
    expect(classifyAttempt({ kind: 'blocked_target' })).toMatchObject({ error: 'blocked_target', retryable: false });
  });
});

describe('retry schedule', () => {
  it('follows 1m, 5m, 30m, 2h, 6h, 24h and then stops (six retries)', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayAfter(n, SCHEDULE))).toEqual(SCHEDULE);
    expect(retryDelayAfter(7, SCHEDULE)).toBeNull();
    expect(retryDelayAfter(0, SCHEDULE)).toBeNull();
  });

  it('keeps a retryable failure pending until the schedule is exhausted', () => {
    const fail = classifyAttempt({ kind: 'response', status: 503 });
    expect(decideTask(fail, 1, SCHEDULE, NOW)).toEqual({
      state: 'pending',
      nextAttemptAt: new Date(NOW.getTime() + 60_000),
    });
    expect(decideTask(fail, 6, SCHEDULE, NOW)).toEqual({
      state: 'pending',
      nextAttemptAt: new Date(NOW.getTime() + 86_400_000),
    });
    expect(decideTask(fail, 7, SCHEDULE, NOW)).toEqual({ state: 'failed', nextAttemptAt: null });
  });

  it('ends the task at once on success and on a final failure', () => {
    expect(decideTask(classifyAttempt({ kind: 'response', status: 200 }), 3, SCHEDULE, NOW).state).toBe('succeeded');
    expect(decideTask(classifyAttempt({ kind: 'response', status: 400 }), 1, SCHEDULE, NOW).state).toBe('failed');
    expect(decideTask(classifyAttempt({ kind: 'response', status: 410 }), 1, SCHEDULE, NOW).state).toBe('failed');
  });
});

describe('disable rules', () => {
  const healthy = { consecutiveTimeouts: 0, failingSince: null };
  it('410 disables at once', () => {
    expect(disableReasonFor(classifyAttempt({ kind: 'response', status: 410 }), healthy, LIMITS, NOW)).toBe('gone');
  });
  it('the 20th timeout in a row disables, the 19th does not', () => {
    const t = classifyAttempt({ kind: 'timeout' });
    expect(disableReasonFor(t, { consecutiveTimeouts: 19, failingSince: NOW }, LIMITS, NOW)).toBeNull();
    expect(disableReasonFor(t, { consecutiveTimeouts: 20, failingSince: NOW }, LIMITS, NOW)).toBe('timeouts');
  });
  it('only failures for 3 days disables, even without a new attempt', () => {
    const since = new Date(NOW.getTime() - 3 * 86_400_000);
    expect(disableReasonFor(null, { consecutiveTimeouts: 0, failingSince: since }, LIMITS, NOW)).toBe('failing');
    expect(
      disableReasonFor(null, { consecutiveTimeouts: 0, failingSince: new Date(since.getTime() + 1) }, LIMITS, NOW),
    ).toBeNull();
    expect(isFailingTooLong(null, LIMITS.disableAfterMs, NOW)).toBe(false);
  });
});

it('derives one job id per event, webhook and attempt', () => {
  expect(deliveryJobId('evt_1', 'wh_1', 2)).toBe('evt_1.wh_1.2');
  expect(deliveryJobId('evt_1', 'wh_1', 2)).not.toContain(':');
});

it('parses a delivery job id back into its event and attempt', () => {
  expect(parseDeliveryJobId(deliveryJobId('evt_1', 'wh_1', 12), 'wh_1')).toEqual({ eventId: 'evt_1', attempt: 12 });
  expect(parseDeliveryJobId('evt_1.wh_1.x', 'wh_1')).toBeNull();
  expect(parseDeliveryJobId('evt_1.wh_2.1', 'wh_1')).toBeNull();
  expect(parseDeliveryJobId('.wh_1.1', 'wh_1')).toBeNull();
});
