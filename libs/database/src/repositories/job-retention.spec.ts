import { DUE_VERIFICATION_JOBS, expireExportsStatement, STAMP_VERIFICATION_JOB } from './job-retention';

describe('job retention statements', () => {
  it('bound every export statement and clear both the file and the person ids', () => {
    const sql = expireExportsStatement(20);
    expect(sql).toContain('LIMIT 20');
    expect(sql).toMatch(/csv = NULL, person_ids = NULL, expired_at = now\(\)/);
  });

  it('never touch a queued or running job, and count the retention from completion', () => {
    for (const sql of [expireExportsStatement(5), DUE_VERIFICATION_JOBS]) {
      expect(sql).toContain(`status IN ('completed', 'failed')`);
      expect(sql).toMatch(/completed_at < now\(\) - make_interval/);
    }
    expect(DUE_VERIFICATION_JOBS).toContain('LIMIT $2');
  });

  it('stamp a job once: a second run finds nothing to delete', () => {
    expect(STAMP_VERIFICATION_JOB).toContain('results_expired_at IS NULL');
    expect(expireExportsStatement(5).match(/expired_at IS NULL/g)).toHaveLength(2);
  });
});
