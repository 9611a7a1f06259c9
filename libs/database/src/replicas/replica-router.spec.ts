import { isStatementError, ReplicaRouter, replicaWhere } from './replica-router';

describe('replicaWhere', () => {
  it('shows host, port and database, never the credentials', () => {
    expect(replicaWhere('postgres://app:s3cret@replica-1:5433/prospecting')).toBe('replica-1:5433/prospecting');
    expect(replicaWhere('not a url :secret@')).toBe('unparsable URL');
  });
});

describe('isStatementError', () => {
  it('keeps errors the primary would raise alike (bad data, bad SQL, constraint, statement_timeout) on the replica', () => {
    for (const code of ['22P02', '42703', '23505', '57014']) expect(isStatementError({ code })).toBe(true);
  });

  it('hands over lost connections, shutdowns and recovery conflicts to the primary', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      { code: 'ECONNREFUSED' },
      { code: '57P01' },
      { code: '40001' },
      { code: '3D000' },
    ]) {
      expect(isStatementError(error)).toBe(false);
    }
  });
});

describe('ReplicaRouter without replicas', () => {
  it('hands out the caller primary pool, counts no fallback and notes nothing', async () => {
    const primary = { query: jest.fn(async () => ({ rows: [{ n: 1 }] })) };
    const router = new ReplicaRouter({
      urls: [],
      maxLagMs: 10_000,
      primary: primary as never,
      redis: null,
      poolConfig: {},
    });
    await router.start();
    const reader = await router.reader({ kind: 'dependent', workspaceId: 'ws' }, primary as never);
    expect(reader.target).toBe('primary');
    expect(await reader.rows.query('SELECT 1')).toEqual([{ n: 1 }]);
    await router.noteWrite('ws');
    expect(primary.query).toHaveBeenCalledTimes(1);
    await router.stop();
  });
});
