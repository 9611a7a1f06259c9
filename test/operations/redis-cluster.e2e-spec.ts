/**
 * Everything that uses Redis, on a Redis Cluster (docs/operations.md#redis-cluster): the built API (two
 * processes) and worker with REDIS_CLUSTER_NODES pointing at a three-master cluster started from the
 * redis-server on the PATH (test/support/redis-cluster.ts), and REDIS_URL at a closed port, so nothing
 * can quietly use a single Redis. Rate limits shared by both API processes, a verification job, key
 * revocation, the search count cache and a webhook delivery.
 */
import { ApiClient, errorOf, eventually } from '../support/http';
import { C, importPeopleFixture } from '../support/people-fixtures';
import { freePort, ServiceProcess } from '../support/processes';
import { LocalRedisCluster, startRedisCluster } from '../support/redis-cluster';
import { startStack, TestStack } from '../support/stack';
import { Receiver, startReceiver } from '../support/webhook-delivery-kit';

jest.setTimeout(120_000);

const searchBody = { filters: { person_seniority: { include: ['VP'] } }, page: 1, per_page: 5 };

describe('on a Redis Cluster', () => {
  let cluster: LocalRedisCluster;
  let stack: TestStack;
  let second: ServiceProcess;
  let secondBase: string;
  let receiver: Receiver;

  beforeAll(async () => {
    cluster = await startRedisCluster({ masters: 3 });
    stack = await startStack({
      worker: true,
      env: {
        REDIS_CLUSTER_NODES: cluster.seeds,
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
        RATE_LIMITS_ENFORCED: 'true',
        RATE_LIMIT_SEARCH_PER_MINUTE: '3',
        API_KEY_CACHE_TTL: '1h',
      },
    });
    const port = await freePort();
    second = new ServiceProcess('api', { ...stack.env, PORT: String(port) });
    second.start();
    secondBase = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${secondBase}/health`)).status === 200, 30_000, 200);
    await importPeopleFixture(stack, { extended: false });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await second?.stop();
    await stack?.close();
    await cluster?.stop();
  });

  /** Keys matching `pattern` on every master of the cluster. */
  async function clusterKeys(pattern: string): Promise<string[]> {
    const masters = await cluster.masters();
    const found = await Promise.all(masters.map((port) => cluster.cli(port, '--scan', '--pattern', pattern)));
    return found.flatMap((text) => text.split('\n').filter(Boolean));
  }

  it('both API processes are ready with Redis', async () => {
    for (const base of [stack.base, secondBase]) {
      const res = await fetch(`${base}/health/ready`);
      expect(res.status).toBe(200);
    }
  });

  it('rate limits: both API processes spend one counter, and the request over the limit answers 429', async () => {
    const ws = await stack.workspace();
    const onSecond = new ApiClient(secondBase, ws.api_key);
    expect((await ws.api.post('/v2/people/search', searchBody)).status).toBe(200);
    expect((await onSecond.post('/v2/people/search', searchBody)).status).toBe(200);
    const third = await ws.api.post('/v2/people/search', searchBody);
    expect(third.status).toBe(200);
    expect(third.headers.get('x-ratelimit-remaining')).toBe('0');
    for (const client of [onSecond, ws.api]) {
      const over = await client.post('/v2/people/search', searchBody);
      expect(over.status).toBe(429);
      expect(errorOf(over).name).toBe('RATE_LIMIT');
    }
    expect(await clusterKeys(`pws:rate-limit:search:${ws.workspace_id}`)).toHaveLength(1);
  });

  it('the search count cache: a count is kept in the cluster and answered again', async () => {
    const ws = await stack.workspace();
    const before = new Set(await clusterKeys('search:count:*'));
    const body = { filters: { person_seniority: { include: ['Director'] } }, page: 1, per_page: 1 };
    const first = await ws.api.post('/v2/people/search', body);
    expect(first.status).toBe(200);
    const added = await eventually(async () => {
      const now = (await clusterKeys('search:count:*')).filter((key) => !before.has(key));
      return now.length > 0 ? now : null;
    }, 5000);
    expect(added).toHaveLength(1);
    const again = await new ApiClient(secondBase, ws.api_key).post('/v2/people/search', body);
    expect(again.body.metadata.pagination.total_count).toBe(first.body.metadata.pagination.total_count);
  });

  it('a verification job runs to completed', async () => {
    const ws = await stack.workspace(0);
    const created = await ws.api.post('/v2/email-verifications', {
      emails: ['someone@example.test', 'not-an-address'],
    });
    expect(created.status).toBe(202);
    const id = created.body.data.id as string;
    const done = await eventually(async () => {
      const res = await ws.api.get(`/v2/email-verifications/${id}`);
      return ['completed', 'failed'].includes(res.body.data?.status) ? res : null;
    }, 30_000);
    expect(done.body.data).toMatchObject({ status: 'completed', processed: 2 });
  });

  it('key revocation reaches both API processes within a second', async () => {
    const ws = await stack.workspace();
    const created = await stack.cli(['api-key:create', '--member', ws.member_id]);
    expect(created.code).toBe(0);
    const clients = [stack.anon.withKey(created.json.api_key), new ApiClient(secondBase, created.json.api_key)];
    for (const client of clients) expect((await client.get('/v2/workspace')).status).toBe(200);
    const deleted = await stack.cli(['api-key:delete', '--id', created.json.api_key_id]);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).not.toContain('not broadcast');
    const started = Date.now();
    await eventually(
      async () => (await Promise.all(clients.map((c) => c.get('/v2/workspace')))).every((r) => r.status === 401),
      1000,
      20,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('the BullMQ queues live under the {pws} hash tag, in one slot', async () => {
    const keys = await clusterKeys('{pws}:*');
    expect(keys.length).toBeGreaterThan(0);
    const slots = new Set(
      await Promise.all(keys.slice(0, 20).map((key) => cluster.cli(cluster.ports[0], 'cluster', 'keyslot', key))),
    );
    expect(slots.size).toBe(1);
  });

  // The delivery slots' scripts declare their keys, which share the workspace's hash tag: three workspaces spread
  // over the masters, and each one's scripts must run on the node that serves its tag.
  it.each([1, 2, 3])('a webhook on a local receiver gets a company.saved event (workspace %i)', async () => {
    const ws = await stack.workspace();
    const { url, path } = receiver.hook({ status: 200 });
    const created = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
    expect(created.status).toBe(201);
    const saved = await ws.api.post('/v2/companies/save', { data: [C.acme] });
    expect(saved.status).toBe(200);
    const got = await receiver.waitFor(path, (requests) => requests.length >= 1, 20_000);
    if (got.length === 0) {
      // Say why: a script that builds key names fails on a cluster with CROSSSLOT or an undeclared-key error.
      const lines = stack.worker!.log().split('\n');
      const redisErrors = lines.filter((line) =>
        /CROSSSLOT|non local key|undeclared|cluster|"level":(40|50)/i.test(line),
      );
      throw new Error(
        `no delivery within 20 s; worker's Redis errors:\n${redisErrors.slice(0, 5).join('\n').slice(0, 3000)}`,
      );
    }
    expect(got[0].headers['x-service-event-type']).toBe('company.saved');
  });
});
