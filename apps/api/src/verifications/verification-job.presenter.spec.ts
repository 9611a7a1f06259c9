import { toGenericJob, toVerificationJob, VerificationJobRow } from './verification-job.presenter';

const row: VerificationJobRow = {
  id: '0b6f9c4e-5d1a-4c3e-9f1b-2a7d8e6c5b4a',
  status: 'running',
  total: 3,
  processed: 2,
  countValid: 1,
  countInvalid: 0,
  countAcceptAll: 0,
  countUnknown: 1,
  failureReason: null,
  createdAt: new Date('2026-11-22T10:00:00Z'),
  startedAt: new Date('2026-11-22T10:00:01Z'),
  completedAt: null,
  resultsExpiredAt: null,
};

describe('verification job presenter', () => {
  it('answers the job with ISO timestamps and null until set; an expired job keeps its counts', () => {
    expect(toVerificationJob(row)).toEqual({
      id: row.id,
      type: 'email_verification',
      status: 'running',
      total: 3,
      processed: 2,
      counts: { valid: 1, invalid: 0, accept_all: 0, unknown: 1 },
      created_at: '2026-11-22T10:00:00.000Z',
      started_at: '2026-11-22T10:00:01.000Z',
      completed_at: null,
      failure_reason: null,
      results_expired_at: null,
    });
    const expired = toVerificationJob({
      ...row,
      status: 'completed',
      processed: 3,
      countInvalid: 1,
      completedAt: new Date('2026-11-22T10:00:02Z'),
      resultsExpiredAt: new Date('2026-12-22T10:00:02Z'),
    });
    expect(expired).toMatchObject({
      status: 'completed',
      processed: 3,
      counts: { valid: 1, invalid: 1, accept_all: 0, unknown: 1 },
      results_expired_at: '2026-12-22T10:00:02.000Z',
    });
  });

  it('answers the generic job shape with progress', () => {
    expect(toGenericJob(row)).toEqual({
      id: row.id,
      type: 'email_verification',
      status: 'running',
      created_at: '2026-11-22T10:00:00.000Z',
      started_at: '2026-11-22T10:00:01.000Z',
      completed_at: null,
      progress: { processed: 2, total: 3, percent: 66 },
    });
  });
});
