/**
 * Retention of finished jobs (docs/people-export.md, docs/email-verification.md), with the clocks
 * compressed: EXPORT_RETENTION and VERIFICATION_RETENTION of 2 s instead of 7 and 30 days, so the
 * worker's maintenance runs every second. An export's file and stored person ids, and a verification
 * job's results, are deleted after the retention; the records stay readable and say they expired.
 */
import { errorOf, eventually } from '../support/http';
import { importPeopleFixture, P } from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

const RETENTION_MS = 2000;

describe('retention of export files and verification results', () => {
  let stack: TestStack;
  let ws: Workspace;

  beforeAll(async () => {
    stack = await startStack({
      worker: true,
      env: { EXPORT_RETENTION: `${RETENTION_MS}ms`, VERIFICATION_RETENTION: `${RETENTION_MS}ms` },
    });
    [, ws] = await Promise.all([importPeopleFixture(stack, { extended: false }), stack.workspace(10)]);
    expect((await ws.api.post('/v2/people/save', { data: [P.jose, P.alice] })).status).toBe(200);
  });
  afterAll(() => stack?.close());

  /** The row as stored, with the ages that matter. */
  const exportRow = async (id: string) =>
    (
      await stack.db.query<{
        has_csv: boolean;
        person_ids: string[] | null;
        expired_at: Date | null;
        kept_ms: number | null;
      }>(
        `SELECT csv IS NOT NULL AS has_csv, person_ids, expired_at, (extract(epoch FROM expired_at - completed_at) * 1000)::float8 AS kept_ms FROM people_exports WHERE id = $1`,
        [id],
      )
    )[0];

  it("deletes a completed export's file and person ids after EXPORT_RETENTION; the record stays, says so, and the download answers 410 GONE", async () => {
    const created = await ws.api.post('/v2/people/export', { ids: [P.jose, P.alice] });
    expect(created.status).toBe(202);
    const id = created.body.data.id;
    const done = await eventually(async () => {
      const res = await ws.api.get(`/v2/people/exports/${id}`);
      return res.body.data.status === 'completed' && res.body.data;
    });
    expect(done).toMatchObject({ expired_at: null, download_url: `/v2/people/exports/${id}/download` });
    // Within the retention the file is there.
    expect((await ws.api.get(`/v2/people/exports/${id}/download`)).status).toBe(200);
    expect(await exportRow(id)).toMatchObject({ has_csv: true, person_ids: [P.jose, P.alice], expired_at: null });

    const expired = await eventually(async () => {
      const res = await ws.api.get(`/v2/people/exports/${id}`);
      return res.body.data.expired_at && res.body.data;
    }, 15_000);
    expect(expired).toMatchObject({
      id,
      status: 'completed',
      total: 2,
      processed: 2,
      skipped: 0,
      download_url: null,
      completed_at: done.completed_at,
    });
    expect(new Date(expired.expired_at).toISOString()).toBe(expired.expired_at);
    const row = await exportRow(id);
    expect(row).toMatchObject({ has_csv: false, person_ids: null });
    expect(row.kept_ms).toBeGreaterThanOrEqual(RETENTION_MS); // never before the retention

    const gone = await ws.api.get(`/v2/people/exports/${id}/download`);
    expect(gone.status).toBe(410);
    expect(errorOf(gone)).toMatchObject({ name: 'GONE', payload: { expired_at: expired.expired_at } });
    expect(gone.headers.get('retry-after')).toBeNull();
    // The generic job view is unchanged.
    expect((await ws.api.get(`/v2/jobs/${id}`)).body.data).toMatchObject({
      type: 'people_export',
      status: 'completed',
      progress: { processed: 2, total: 2, percent: 100 },
    });
  });

  it("deletes a finished verification job's results after VERIFICATION_RETENTION; the job keeps its status and counts, its results list is empty", async () => {
    const created = await ws.api.post('/v2/email-verifications', {
      emails: ['a@retention.test', 'not-an-address', 'b@retention.test'],
    });
    expect(created.status).toBe(202);
    const id = created.body.data.id;
    const done = await eventually(async () => {
      const res = await ws.api.get(`/v2/email-verifications/${id}`);
      return res.body.data.status === 'completed' && res;
    });
    expect(done.body.data).toMatchObject({ results_expired_at: null, counts: { invalid: 1, unknown: 2 } });
    expect(done.body.data.results).toHaveLength(3);

    const expired = await eventually(async () => {
      const res = await ws.api.get(`/v2/email-verifications/${id}`);
      return res.body.data.results_expired_at && res;
    }, 15_000);
    expect(expired.body.data).toMatchObject({
      id,
      status: 'completed',
      total: 3,
      processed: 3,
      counts: { valid: 0, invalid: 1, accept_all: 0, unknown: 2 },
      completed_at: done.body.data.completed_at,
      results: [],
    });
    expect(expired.body.metadata.pagination).toEqual({ page: 1, per_page: 1000, total_count: 0, total_pages: 0 });
    const keptMs = Date.parse(expired.body.data.results_expired_at) - Date.parse(expired.body.data.completed_at);
    expect(keptMs).toBeGreaterThanOrEqual(RETENTION_MS);
    const [{ rows }] = await stack.db.query<{ rows: number }>(
      `SELECT count(*)::int AS rows FROM email_verification_results WHERE job_id = $1`,
      [id],
    );
    expect(rows).toBe(0);

    const listed = (await ws.api.get('/v2/email-verifications')).body.data.find((j: { id: string }) => j.id === id);
    expect(listed).toMatchObject({ status: 'completed', results_expired_at: expired.body.data.results_expired_at });
    expect((await ws.api.get(`/v2/jobs/${id}`)).body.data).toMatchObject({
      status: 'completed',
      progress: { processed: 3, total: 3, percent: 100 },
    });
  });
});
