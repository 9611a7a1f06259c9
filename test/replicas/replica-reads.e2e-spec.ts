/**
 * Reads on a real PostgreSQL streaming replica (docs/replicas.md), black box: the built API with
 * DATABASE_REPLICA_URLS pointing at a replica started by test/support/replica.ts.
 */
import { personRecord, writeLines } from '../support/dataset-records';
import { eventually } from '../support/http';
import { BASE_PEOPLE, C, importPeopleFixture, P, search } from '../support/people-fixtures';
import { ReplicaStack, startReplicaStack, stopReplicaStack } from '../support/replica-stack';
import { Workspace } from '../support/stack';

jest.setTimeout(180_000);

describe('reads on a streaming replica', () => {
  let rs: ReplicaStack;
  let ws: Workspace;

  beforeAll(async () => {
    // A wide lag limit: paused replay below must fail reads over for read-your-writes or the data set, not for lag.
    rs = await startReplicaStack({ DATABASE_REPLICA_MAX_LAG: '120s' });
    await importPeopleFixture(rs.stack, { extended: false });
    ws = await rs.stack.workspace(1000);
    await rs.replicaServing();
  });
  afterAll(() => stopReplicaStack(rs));

  const replicaReads = () => rs.metric('pws_api_db_reads_total', { target: 'replica_1' });
  const primaryReads = () => rs.metric('pws_api_db_reads_total', { target: 'primary' });
  const healthFallbacks = async () =>
    (await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'replica_down' })) +
    (await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'replica_error' }));
  /**
   * `run` makes `reads` reads that the replica must serve. A health check that times out on a loaded machine takes
   * the replica out until the next check, and the reads meanwhile count as replica_down: those are excused, no
   * other fallback is, and most reads must still have been the replica's.
   */
  const expectOnReplica = async <T>(reads: number, run: () => Promise<T>): Promise<T> => {
    const [replicaBefore, healthBefore] = [await replicaReads(), await healthFallbacks()];
    const result = await run();
    const onReplica = (await replicaReads()) - replicaBefore;
    expect(onReplica + ((await healthFallbacks()) - healthBefore)).toBe(reads);
    expect(onReplica).toBeGreaterThanOrEqual(Math.ceil(reads / 2));
    return result;
  };

  it('serves plain searches, suggestions and records from the replica (its pg_stat_activity shows our connections)', async () => {
    await expectOnReplica(13, async () => {
      for (let i = 0; i < 10; i++) {
        const r = await search(ws.api, { company: { id: { include: [C.globex] } } });
        expect(r.ids.length).toBeGreaterThan(0);
      }
      expect((await ws.api.post('/v2/search/suggest', { type: 'person_job_title', query: 'eng' })).status).toBe(200);
      expect((await ws.api.get(`/v2/people/${P.jose}`)).status).toBe(200);
      expect((await ws.api.get(`/v2/companies/${C.globex}`)).status).toBe(200);
    });
    const sessions = await rs.replica.query(
      'postgres',
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'prospecting-replica-read' AND datname = $1`,
      [rs.stack.db.name],
    );
    expect(sessions[0].n).toBeGreaterThan(0);
  });

  it('shows a save to the very next search with lists.include, every time (100 tries)', async () => {
    const misses: string[] = [];
    let list = '';
    const fallbacksBefore = await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'read_your_writes' });
    const replicaBefore = await replicaReads();
    for (let i = 0; i < 100; i++) {
      const slot = i % BASE_PEOPLE.length;
      if (slot === 0) list = (await ws.api.post('/v2/lists', { name: `ryw ${i}`, type: 'people' })).body.data.id;
      const saved = await ws.api.post('/v2/people/save', { data: [BASE_PEOPLE[slot]], list_ids: [list] });
      expect(saved.status).toBe(200);
      const r = await search(ws.api, { lists: { include: [list] } });
      if (!r.ids.includes(BASE_PEOPLE[slot]) || r.pagination.total_count !== slot + 1)
        misses.push(`try ${i}: ${r.ids.length} of ${slot + 1}`);
    }
    expect(misses).toEqual([]);
    // Where they went is reported, not asserted: a replica that has replayed the save may serve the read.
    const toReplica = (await replicaReads()) - replicaBefore;
    const heldBack =
      (await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'read_your_writes' })) - fallbacksBefore;
    console.log(
      `read-your-writes: ${toReplica} of 100 dependent searches on the replica, ${heldBack} held back to the primary`,
    );
  });

  it('sends dependent reads to the primary while replay is paused, and plain searches keep answering', async () => {
    await rs.replicaServing();
    const list = (await ws.api.post('/v2/lists', { name: 'paused', type: 'people' })).body.data.id;
    await rs.replica.pauseReplay();
    try {
      const heldBefore = await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'read_your_writes' });
      const primaryBefore = await primaryReads();
      expect((await ws.api.post('/v2/people/save', { data: [P.mei], list_ids: [list] })).status).toBe(200);
      const r = await search(ws.api, { lists: { include: [list] } });
      expect(r.ids).toEqual([P.mei]);
      const record = await ws.api.get(`/v2/people/${P.mei}`);
      expect(record.body.data.saved).not.toBeNull();
      expect((await ws.api.post('/v2/people/calculate-credits', { data: [P.mei] })).status).toBe(200);
      expect(
        (await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'read_your_writes' })) - heldBefore,
      ).toBeGreaterThanOrEqual(3);
      expect((await primaryReads()) - primaryBefore).toBeGreaterThanOrEqual(3);
      // The replica cannot see the list's member: it is not replayed.
      const onReplica = await rs.replica.query(
        rs.stack.db.name,
        `SELECT count(*)::int AS n FROM people_list_members WHERE list_id = $1`,
        [list],
      );
      expect(onReplica[0].n).toBe(0);
      // Plain searches still go to the paused replica: within the lag limit and on the same data set.
      await expectOnReplica(5, async () => {
        for (let i = 0; i < 5; i++)
          expect((await search(ws.api, { company: { id: { include: [C.acme] } } })).ids.length).toBeGreaterThan(0);
      });
    } finally {
      await rs.replica.resumeReplay();
    }
    await rs.replicaServing();
    // Replayed: the same dependent read may now be served by the replica, and sees the save.
    expect((await search(ws.api, { lists: { include: [list] } })).ids).toEqual([P.mei]);
  });

  it('lets a dataset:import reach the replica, whose counts change only after replay', async () => {
    await rs.replicaServing();
    const filters = { company: { id: { include: [C.vandelay] } } };
    const before = (await search(ws.api, filters)).pagination.total_count;
    const newcomer = '5e' + '0'.repeat(20) + '77';
    await rs.replica.pauseReplay();
    try {
      const pf = writeLines('replica-import.ndjson', [JSON.stringify(personRecord(newcomer, C.vandelay))]);
      const imported = await rs.stack.cli(['dataset:import', '--people', pf]);
      expect({ code: imported.code, out: imported.stdout.slice(0, 300) }).toMatchObject({ code: 0 });
      // The replica still has the previous data set: /health says so within one check.
      await eventually(
        async () => (await rs.stack.anon.get('/health')).body?.data?.replicas?.[0]?.refused === 'dataset_behind',
        10_000,
        200,
      );
      const onReplica = await rs.replica.query(
        rs.stack.db.name,
        `SELECT count(*)::int AS n FROM people WHERE id = $1`,
        [newcomer],
      );
      expect(onReplica[0].n).toBe(0);
      // Searches answer from the primary meanwhile, with the new count; none is served from the stale replica.
      const replicaBefore = await replicaReads();
      expect((await search(ws.api, filters)).pagination.total_count).toBe(before + 1);
      expect((await replicaReads()) - replicaBefore).toBe(0);
    } finally {
      await rs.replica.resumeReplay();
    }
    await rs.replicaServing();
    const after = await expectOnReplica(1, () => search(ws.api, filters));
    expect(after.pagination.total_count).toBe(before + 1);
    expect(after.ids).toContain(newcomer);
  });

  it("hides a worker's just-exported people from exclude_exported searches while replay is paused", async () => {
    await rs.stack.startWorker();
    await rs.replicaServing();
    const filters = { lists: { saved: 'any' }, duplicates: { exclude_exported: true } };
    expect((await search(ws.api, filters)).ids).toEqual(expect.arrayContaining([P.bob, P.gavin]));
    await rs.replica.pauseReplay();
    try {
      const created = await ws.api.post('/v2/people/export', { ids: [P.bob, P.gavin] });
      expect(created.status).toBe(202);
      await eventually(
        async () => (await ws.api.get(`/v2/people/exports/${created.body.data.id}`)).body?.data?.status === 'completed',
        30_000,
        100,
      );
      const held = await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'read_your_writes' });
      // Only the worker noted this write: without it the paused replica, which has every earlier write, would answer.
      const ids = (await search(ws.api, filters)).ids;
      expect(ids).not.toContain(P.bob);
      expect(ids).not.toContain(P.gavin);
      expect(await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'read_your_writes' })).toBe(held + 1);
    } finally {
      await rs.replica.resumeReplay();
    }
  });

  it('keeps /health about the primary and Redis: a replica that is away is a warning, not a 503', async () => {
    const health = await rs.stack.anon.get('/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({
      status: 'ok',
      replicas: [{ name: 'replica_1', up: true, refused: null }],
    });
    expect(health.text).not.toContain(String(rs.replica.port));
  });
});
