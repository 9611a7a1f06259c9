import { attemptInSavepoint } from './savepoint';

/** Records the statements attemptInSavepoint sends; the work itself is the part under test. */
const recorder = () => {
  const sent: string[] = [];
  return { sent, manager: { query: async (sql: string) => void sent.push(sql.replace(/sp_\d+/, 'sp')) } };
};

describe('attemptInSavepoint', () => {
  it('rolls back to the savepoint and answers the failure when the work fails for a reason of its own', async () => {
    const { sent, manager } = recorder();
    const result = await attemptInSavepoint(manager as any, async () => {
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: '23505' }) });
    expect(sent).toEqual(['SAVEPOINT sp', 'ROLLBACK TO SAVEPOINT sp', 'RELEASE SAVEPOINT sp']);
  });

  it('throws, touching nothing more, when PostgreSQL is gone (the transaction is lost, not the item)', async () => {
    const { sent, manager } = recorder();
    const gone = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    await expect(attemptInSavepoint(manager as any, async () => Promise.reject(gone))).rejects.toBe(gone);
    expect(sent).toEqual(['SAVEPOINT sp']);
  });
});
