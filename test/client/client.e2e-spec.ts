/**
 * libs/client against the real API and worker (issue 25 point 2): search -> preview -> save -> export -> download,
 * lists paged, webhooks delivered and verified with verifyWebhook (both signature schemes), typed errors,
 * Idempotency-Key sent on its POSTs, retries of 429 only where safe.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import {
  ApiError,
  PeopleFilters,
  ProspectingClient,
  verifyWebhook,
  WebhookVerificationError,
} from '../../libs/client/src';
import { eventually } from '../support/http';
import { importPeopleFixture, P } from '../support/people-fixtures';
import { ROOT } from '../support/processes';
import { startStack, TestStack, Workspace } from '../support/stack';
import { Receiver, startReceiver } from '../support/webhook-delivery-kit';

jest.setTimeout(90_000);

let stack: TestStack;
let ws: Workspace;
let rcv: Receiver;
let client: ProspectingClient;

beforeAll(async () => {
  stack = await startStack({ worker: true });
  await importPeopleFixture(stack, { extended: false });
  ws = await stack.workspace(100);
  rcv = await startReceiver();
  client = new ProspectingClient({ baseUrl: stack.base, apiKey: ws.api_key });
}, 120_000);
afterAll(async () => {
  await rcv?.close();
  await stack?.close();
});

it('search -> preview -> save -> export -> download', async () => {
  const filters: PeopleFilters = {
    person_seniority: { include: ['VP'] },
    contact_details: { email: { status: ['valid'] } },
  };
  const people: any[] = [];
  for await (const person of client.people.search(filters, 2)) people.push(person);
  const first = await client.people.searchPage(filters, 1, 2);
  expect(people.length).toBe(first.metadata.pagination.total_count);
  expect(people.length).toBeGreaterThan(2); // more than one page walked
  const ids = people.slice(0, 3).map((p) => p.id);

  const preview = await client.people.calculateCredits({ data: ids });
  expect(preview.data).toMatchObject({ requested: 3, credits_needed: 3, enough_credits: true });
  const saved = await client.people.save({ data: ids });
  expect(saved.metadata.credits.charged).toBe(3);
  expect(saved.replayed).toBe(false);

  const exported = await client.people.export({ ids });
  expect(exported.status).toBe(202);
  const done = await eventually(
    async () => {
      const e = await client.people.getExport(exported.data.id);
      return e.data.status === 'completed' ? e.data : undefined;
    },
    30_000,
    200,
  );
  expect(done.download_url).toBe(`/v2/people/exports/${exported.data.id}/download`);
  const csv = await client.people.download(exported.data.id);
  expect(csv.split('\n')[0]).toContain('id');
  for (const id of ids) expect(csv).toContain(id);
});

it('sends an Idempotency-Key on its POSTs: a given key replays, a fresh one per call otherwise', async () => {
  const a = await client.lists.create({ name: 'client list', type: 'people' }, { idempotencyKey: 'client-list-1' });
  const b = await client.lists.create({ name: 'client list', type: 'people' }, { idempotencyKey: 'client-list-1' });
  expect(b.replayed).toBe(true);
  expect(b.data.id).toBe(a.data.id);
  const c = await client.lists.create({ name: 'client list', type: 'people' });
  const d = await client.lists.create({ name: 'client list', type: 'people' });
  expect(new Set([a.data.id, c.data.id, d.data.id]).size).toBe(3);
  const names: string[] = [];
  for await (const list of client.paginate('/v2/lists', {}, 1)) names.push(list.name);
  expect(names.filter((n) => n === 'client list')).toHaveLength(3);
});

it('throws ApiError with name, field and code, without retrying a 400', async () => {
  const calls: string[] = [];
  const counting = new ProspectingClient({
    baseUrl: stack.base,
    apiKey: ws.api_key,
    fetch: (input, init) => (calls.push(input instanceof Request ? input.url : input.toString()), fetch(input, init)),
  });
  const error = await counting.people.searchPage({ person_seniority: { include: ['Emperor' as any] } }).catch((e) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    name: 'VALIDATION_ERROR',
    status: 400,
    field: 'filters.person_seniority.include[0]',
    code: 'invalid_value',
  });
  expect(calls).toHaveLength(1);
  const unauthorized = await new ProspectingClient({ baseUrl: stack.base, apiKey: 'nope' }).workspace().catch((e) => e);
  expect(unauthorized).toMatchObject({ name: 'UNAUTHORIZED', status: 401 });
});

it('retries 429 and 503 honouring Retry-After, a POST only with a key', async () => {
  const waits: number[] = [];
  let n = 0;
  const flaky: typeof fetch = async (input, init) => {
    n++;
    if (n % 3 !== 0)
      return new Response(
        '{"success":false,"data":null,"metadata":{},"errors":[{"name":"RATE_LIMIT","message":"slow","payload":{}}]}',
        { status: n % 2 ? 429 : 503, headers: { 'retry-after': '2' } },
      );
    return fetch(input, init);
  };
  const retrying = new ProspectingClient({
    baseUrl: stack.base,
    apiKey: ws.api_key,
    fetch: flaky,
    sleep: async (ms) => void waits.push(ms),
  });
  expect((await retrying.workspace()).status).toBe(200);
  expect(waits).toEqual([2000, 2000]);
  n = 0;
  const created = await retrying.lists.create({ name: 'retried', type: 'people' });
  expect(created.status).toBe(201);
  // A POST without a key (a search) is not retried.
  n = 0;
  await expect(retrying.request('POST', '/v2/people/search', { body: {} })).rejects.toMatchObject({
    name: 'RATE_LIMIT',
    status: 429,
    retryAfter: 2,
  });
  expect(n).toBe(1);
});

it('webhooks: create, test and verify both signature schemes; a tampered body is refused', async () => {
  const { url, path } = rcv.hook({ status: 200 });
  const hook = await client.webhooks.create({ url, events: ['person.saved'] });
  const secret: string = hook.data.secret;
  await client.webhooks.test(hook.data.id);
  await client.people.save({ data: [P.alice] });
  const got = await rcv.waitFor(path, (r) => r.length >= 2, 20_000);
  const types = new Set<string>();
  for (const delivery of got) {
    const event = await verifyWebhook(delivery.raw, delivery.headers, secret);
    types.add(event.type);
    // Each scheme alone.
    const { 'x-service-signature': service, ...standard } = delivery.headers;
    await expect(verifyWebhook(delivery.raw, standard, secret)).resolves.toMatchObject({ id: event.id });
    await expect(verifyWebhook(delivery.raw, { 'x-service-signature': service }, secret)).resolves.toMatchObject({
      id: event.id,
    });
    await expect(verifyWebhook(`${delivery.raw} `, delivery.headers, secret)).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await expect(
      verifyWebhook(delivery.raw, delivery.headers, `whsec_${Buffer.alloc(32).toString('base64')}`),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(
      verifyWebhook(delivery.raw, delivery.headers, secret, { now: new Date(Date.now() + 3_600_000) }),
    ).rejects.toThrow(/tolerance/);
  }
  expect([...types].sort()).toEqual(['person.saved', 'webhook.test']);
  const deliveries: any[] = [];
  for await (const d of client.webhooks.deliveries(hook.data.id)) deliveries.push(d);
  expect(deliveries.length).toBeGreaterThanOrEqual(2);
  const resent = await client.webhooks.resend(hook.data.id, deliveries[0].id);
  expect(resent.status).toBe(202);
});

it('examples/client/prospect.mjs runs against the API (the built client)', () => {
  const result = spawnSync(process.execPath, [resolve(ROOT, 'examples/client/prospect.mjs'), '2'], {
    cwd: ROOT,
    env: { ...process.env, PWS_API_URL: stack.base, PWS_API_KEY: ws.api_key },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/^2 people, \d+ credits needed of \d+\nsaved 2, charged \d+, balance \d+\n/);
  expect(result.stdout.split('\n')[2]).toContain('id');
});
