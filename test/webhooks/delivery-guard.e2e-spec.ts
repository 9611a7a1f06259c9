import { eventually } from '../support/http';
import { companySaved, deliveryHarness, emitEvent, insertWebhook, sleep } from '../support/webhook-delivery-kit';

// With WEBHOOK_ALLOW_PRIVATE_TARGETS off, the worker checks the receiver's addresses again at
// delivery time: a URL that now points into a private range (an IP literal, or a name that
// resolves there, as after DNS rebinding) fails for good with `blocked_target`, without connecting.
jest.setTimeout(60000);

const harness = deliveryHarness({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WORKER_METRICS_PORT: '0' });

it.each([
  ['a loopback IP literal', (port: number, path: string) => `http://127.0.0.1:${port}${path}`],
  ['a name that resolves to loopback', (port: number, path: string) => `http://localhost:${port}${path}`],
  ['an IPv4-mapped IPv6 loopback', (port: number, path: string) => `http://[::ffff:127.0.0.1]:${port}${path}`],
])('refuses %s at delivery time', async (_name, urlOf) => {
  const ws = await harness.stack.workspace();
  const { path } = harness.rcv.hook({ status: 200 });
  // Stored directly: the registration API would refuse this URL.
  const h = await insertWebhook(harness.stack.db, harness.stack.env.SECRETS_KEY, ws, urlOf(harness.rcv.port, path), [
    'company.saved',
  ]);
  await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(1));
  const [row] = await eventually(async () => {
    const rows = await harness.stack.db.query<any>(`SELECT * FROM webhook_deliveries WHERE webhook_id = $1`, [h.id]);
    return rows.length === 1 ? rows : null;
  });
  expect(row).toMatchObject({
    status: 'failed',
    error: 'blocked_target',
    response_status: null,
    next_attempt_at: null,
  });
  expect(
    (await harness.stack.db.query<any>(`SELECT state FROM webhook_tasks WHERE webhook_id = $1`, [h.id]))[0].state,
  ).toBe('failed');
  await sleep(500);
  expect(harness.rcv.at(path)).toHaveLength(0);
});
