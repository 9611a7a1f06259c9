import { Client } from 'pg';
import { freePort, ServiceProcess } from '../support/processes';
import { ApiClient, eventually } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(90_000);

const ME = '/v2/workspace';
const HOOK = { url: 'http://127.0.0.1:9/revocation', events: ['company.saved'] };

/**
 * Issue 14 point 1: `api-key:delete` and `member:remove` take effect on every API replica within a
 * second. The key cache lives an hour here, so only the Redis broadcast can make that happen.
 */
describe('key revocation on every replica', () => {
  let stack: TestStack;
  let replica: ServiceProcess;
  let replicaBase: string;

  beforeAll(async () => {
    stack = await startStack({ env: { API_KEY_CACHE_TTL: '1h' } });
    const port = await freePort();
    replica = new ServiceProcess('api', { ...stack.env, PORT: String(port) });
    replica.start();
    replicaBase = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${replicaBase}/health`)).status === 200, 30000, 200);
    // Both replicas subscribe at start; give the second one's subscription a moment.
    await eventually(
      async () =>
        Number(((await stack.redis.call('PUBSUB', 'NUMSUB', 'auth:revocations')) as [string, number])[1]) >= 2,
      10000,
      100,
    );
  });
  afterAll(async () => {
    await replica?.stop();
    await stack?.close();
  });

  /** The key's client on each replica, with the key cached as valid on both. */
  async function onBothReplicas(key: string): Promise<ApiClient[]> {
    const clients = [stack.anon.withKey(key), new ApiClient(replicaBase, key)];
    for (const client of clients) for (let i = 0; i < 2; i++) expect((await client.get(ME)).status).toBe(200);
    return clients;
  }

  async function expect401WithinASecond(clients: ApiClient[]): Promise<void> {
    const started = Date.now();
    await eventually(
      async () => (await Promise.all(clients.map((c) => c.get(ME)))).every((r) => r.status === 401),
      1000,
      20,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  }

  it('a deleted key answers 401 on both replicas within a second; the owner key keeps working', async () => {
    const ws = await stack.workspace();
    const created = await stack.cli(['api-key:create', '--member', ws.member_id]);
    const clients = await onBothReplicas(created.json.api_key);
    const deleted = await stack.cli(['api-key:delete', '--id', created.json.api_key_id]);
    expect(deleted.json).toEqual({ deleted: true, webhooks_disabled: 0 });
    await expect401WithinASecond(clients);
    expect((await ws.api.get(ME)).status).toBe(200);
    expect((await new ApiClient(replicaBase, ws.api_key).get(ME)).status).toBe(200);
  });

  it("a removed member's keys answer 401 on both replicas within a second", async () => {
    const ws = await stack.workspace();
    const member = await stack.cli(['member:add', '--workspace', ws.workspace_id, '--name', 'Leaving']);
    const keys = await Promise.all([1, 2].map(() => stack.cli(['api-key:create', '--member', member.json.member_id])));
    const clients = (await Promise.all(keys.map((k) => onBothReplicas(k.json.api_key)))).flat();
    expect((await stack.cli(['member:remove', '--member', member.json.member_id])).json).toEqual({
      removed: true,
      webhooks_disabled: 0,
    });
    await expect401WithinASecond(clients);
    expect((await ws.api.get(ME)).status).toBe(200);
  });

  it('a webhook create waiting on a key being deleted answers 401 and leaves no webhook (the create rechecks the key in its transaction)', async () => {
    const ws: Workspace = await stack.workspace();
    const created = await stack.cli(['api-key:create', '--member', ws.member_id]);
    const [client] = await onBothReplicas(created.json.api_key);
    // The delete's transaction, as api-key:delete runs it, held open while the create arrives.
    const deleting = new Client({ connectionString: stack.db.url });
    await deleting.connect();
    try {
      await deleting.query('BEGIN');
      await deleting.query(`UPDATE api_keys SET deleted_at = now() WHERE id = $1`, [created.json.api_key_id]);
      const pending = client.post('/v2/webhooks', HOOK); // the guard passes: the key is cached, no revocation yet
      await new Promise((r) => setTimeout(r, 500));
      await deleting.query(
        `UPDATE webhooks SET status = 'disabled', disabled_reason = 'api_key_deleted' WHERE created_by_api_key_id = $1 AND status = 'active'`,
        [created.json.api_key_id],
      );
      await deleting.query('COMMIT');
      expect((await pending).status).toBe(401);
    } finally {
      await deleting.end();
    }
    const hooks = await stack.db.query(`SELECT id FROM webhooks WHERE created_by_api_key_id = $1`, [
      created.json.api_key_id,
    ]);
    expect(hooks).toEqual([]);
  });

  it('webhook creates racing api-key:delete leave no active webhook of that key', async () => {
    const ws: Workspace = await stack.workspace();
    const created = await stack.cli(['api-key:create', '--member', ws.member_id]);
    const clients = await onBothReplicas(created.json.api_key);
    const creates = Array.from({ length: 16 }, (_, i) => clients[i % 2].post('/v2/webhooks', HOOK));
    const [deleted, ...answers] = await Promise.all([
      stack.cli(['api-key:delete', '--id', created.json.api_key_id]),
      ...creates,
    ]);
    expect(deleted.code).toBe(0);
    for (const a of answers) expect([201, 401]).toContain(a.status);
    const made = answers.filter((a) => a.status === 201).length;
    expect(deleted.json.webhooks_disabled).toBe(made);
    const active = await stack.db.query(
      `SELECT id FROM webhooks WHERE created_by_api_key_id = $1 AND status = 'active'`,
      [created.json.api_key_id],
    );
    expect(active).toEqual([]);
  });
});
