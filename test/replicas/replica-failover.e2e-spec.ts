/**
 * A replica that dies under load costs no request, and replica URLs are checked at start
 * (docs/replicas.md), black box against a real streaming replica (test/support/replica.ts).
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { C, importPeopleFixture, P } from '../support/people-fixtures';
import { ROOT } from '../support/processes';
import { ReplicaStack, startReplicaStack, stopReplicaStack } from '../support/replica-stack';
import { TEST_ENV, Workspace } from '../support/stack';

jest.setTimeout(180_000);

/** Starts the built API with `env` and answers its exit code and stderr (it must stop on its own). */
function apiExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolveExit) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'dist/apps/api/src/main.js')], {
      cwd: ROOT,
      env: { ...process.env, ...TEST_ENV, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveExit({ code, stderr });
    });
  });
}

describe('a replica lost under load', () => {
  let rs: ReplicaStack;
  let ws: Workspace;
  let list: string;

  beforeAll(async () => {
    rs = await startReplicaStack();
    await importPeopleFixture(rs.stack, { extended: false });
    ws = await rs.stack.workspace(1000);
    list = (await ws.api.post('/v2/lists', { name: 'load', type: 'people' })).body.data.id;
    expect((await ws.api.post('/v2/people/save', { data: [P.jose, P.mei], list_ids: [list] })).status).toBe(200);
    await rs.replicaServing();
  });
  afterAll(() => stopReplicaStack(rs));

  it('fails no request when the replica is killed mid-load, and takes reads again once it is back', async () => {
    const requests = [
      () =>
        ws.api.post('/v2/people/search', {
          filters: { company: { id: { include: [C.globex, C.acme] } } },
          per_page: 25,
        }),
      () => ws.api.post('/v2/people/search', { filters: { lists: { include: [list] } } }),
      () => ws.api.post('/v2/search/suggest', { type: 'person_job_title', query: 'sa' }),
      () => ws.api.get(`/v2/companies/${C.globex}`),
      () => ws.api.get(`/v2/people/${P.jose}`),
    ];
    const failures: string[] = [];
    let done = 0;
    let stop = false;
    const loop = async (n: number) => {
      for (let i = n; !stop; i++) {
        const res = await requests[i % requests.length]();
        done++;
        if (res.status !== 200) failures.push(`${res.status} ${res.text.slice(0, 200)}`);
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    await new Promise((r) => setTimeout(r, 1500));
    const replicaBefore = await rs.metric('pws_api_db_reads_total', { target: 'replica_1' });
    expect(replicaBefore).toBeGreaterThan(0);
    await rs.replica.kill();
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await Promise.all(loops);
    expect({ done: done > 50, failures }).toEqual({ done: true, failures: [] });
    console.log(
      `replica killed under load: ${done} requests, ${failures.length} failed, ${replicaBefore} reads on the replica before the kill`,
    );
    expect(await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'replica_error' })).toBeGreaterThan(0);
    expect(await rs.metric('pws_api_db_read_fallbacks_total', { reason: 'replica_down' })).toBeGreaterThan(0);
    const health = await rs.stack.anon.get('/health');
    expect(health.status).toBe(200);
    expect(health.body.data.replicas[0]).toMatchObject({ up: false, refused: 'replica_down' });

    await rs.replica.start();
    await rs.replicaServing();
    const back = await rs.metric('pws_api_db_reads_total', { target: 'replica_1' });
    expect((await requests[0]()).status).toBe(200);
    expect(await rs.metric('pws_api_db_reads_total', { target: 'replica_1' })).toBe(back + 1);
  });

  it('refuses at start a URL that answers but is not a replica, without its password', async () => {
    const primary = rs.stack.db.url.replace('postgres://postgres@', 'postgres://postgres:hunter2@');
    const { code, stderr } = await apiExit({ ...rs.stack.env, PORT: '0', DATABASE_REPLICA_URLS: primary });
    expect(code).toBe(1);
    expect(stderr).toMatch(/DATABASE_REPLICA_URLS: 127\.0\.0\.1:5432\/\w+ is not a replica/);
    expect(stderr).not.toContain('hunter2');
  });

  it('stops at start on a malformed list, with one line naming DATABASE_REPLICA_URLS and no password', async () => {
    const { code, stderr } = await apiExit({
      ...rs.stack.env,
      PORT: '0',
      DATABASE_REPLICA_URLS: `${rs.replica.url(rs.stack.db.name)},mysql://u:hunter2@db/x`,
      SECRETS_KEY: randomBytes(32).toString('hex'),
    });
    expect(code).toBe(1);
    expect(stderr.split('\n').filter((l) => l.includes('DATABASE_REPLICA_URLS'))).toHaveLength(1);
    expect(stderr).not.toContain('hunter2');
  });
});
