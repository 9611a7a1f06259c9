import { ServiceProcess, freePort } from '../support/processes';
import { CO, insertFixtureCompanies } from '../support/company-fixtures';
import { ApiClient, errorOf, eventually } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

/** The `enrich` limit of the company save (docs/company-save.md): 1 unit per item without an id, none for ids, per workspace, shared by replicas. */
describe('company save: enrich rate limit when enforced', () => {
  let stack: TestStack;
  let replica: ServiceProcess;
  let replicaBase: string;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMITS_ENFORCED: 'true', RATE_LIMIT_ENRICH_PER_MINUTE: '5' } });
    await insertFixtureCompanies(stack.db);
    // A second API process on the same Redis, as a second replica would run.
    const port = await freePort();
    replica = new ServiceProcess('api', { ...stack.env, PORT: String(port) });
    replica.start();
    replicaBase = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${replicaBase}/health`)).status === 200, 30000, 200);
  });
  afterAll(async () => {
    await replica?.stop();
    await stack?.close();
  });

  const domains = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ domain: `rl-${from + i}.example` }));

  it('spends 1 unit per item without an id and none for ids; over the limit answers 429 with Retry-After and saves nothing', async () => {
    const ws: Workspace = await stack.workspace();
    const onReplica = new ApiClient(replicaBase, ws.api_key);

    // Saves by id are free however many.
    for (let i = 0; i < 3; i++)
      expect((await ws.api.post('/v2/companies/save', { data: Array(20).fill(CO.acme) })).status).toBe(200);
    // 3 units here and 2 on the other replica use up the 5.
    expect((await ws.api.post('/v2/companies/save', { data: [CO.acme, ...domains(3)] })).status).toBe(200);
    expect((await onReplica.post('/v2/companies/save', { data: [{ id: CO.hooli }, ...domains(2, 3)] })).status).toBe(
      200,
    );

    const over = await onReplica.post('/v2/companies/save', { data: [CO.pied, { domain: 'globex.com' }] });
    expect(over.status).toBe(429);
    expect(errorOf(over).name).toBe('RATE_LIMIT');
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const saved = await stack.db.query<{ company_id: string }>(
      `SELECT company_id FROM saved_companies WHERE workspace_id = $1`,
      [ws.workspace_id],
    );
    expect(saved.map((r) => r.company_id).sort()).toEqual([CO.acme, CO.hooli].sort());
    expect((await ws.api.post('/v2/companies/save', { data: [{ domain: 'globex.com' }] })).status).toBe(429);

    // Ids still save while the limit is spent; the rejected requests spent nothing of another workspace's quota.
    expect((await ws.api.post('/v2/companies/save', { data: [CO.pied] })).status).toBe(200);
    const other = await stack.workspace();
    expect((await other.api.post('/v2/companies/save', { data: domains(5) })).status).toBe(200);
  });

  it('rejects a bad request with 400 before spending any unit', async () => {
    const ws = await stack.workspace();
    const bad = await ws.api.post('/v2/companies/save', { data: domains(5), list_ids: ['lst_missing'] });
    expect(bad.status).toBe(400);
    expect((await ws.api.post('/v2/companies/save', { data: domains(5) })).status).toBe(200);
  });
});
