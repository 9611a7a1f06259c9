import { errorOf, HttpAnswer } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

/**
 * docs/api.md#lists-and-pagination: every list answer has `data` = the array of items and `metadata.pagination` =
 * {page, per_page, total_count, total_pages}; `page`/`per_page` page it; anything else it is sent is honoured
 * or answers 400 VALIDATION_ERROR `unknown_field`. This walks every list route the OpenAPI document declares.
 */
describe('one list convention (issue 14 point 3)', () => {
  let stack: TestStack;
  let ws: Workspace;
  let webhookId: string;
  let jobId: string;

  /** Each list route of the OpenAPI document, with a concrete path and its own filters. */
  const routes = (): Record<string, { path: string; filters: string[]; paged: boolean }> => ({
    '/v2/lists': { path: '/v2/lists', filters: ['type'], paged: true },
    '/v2/webhooks': { path: '/v2/webhooks', filters: ['status'], paged: true },
    '/v2/webhooks/{id}/deliveries': {
      path: `/v2/webhooks/${webhookId}/deliveries`,
      filters: ['event_id', 'status'],
      paged: true,
    },
    '/v2/notifications': { path: '/v2/notifications', filters: [], paged: true },
    '/v2/email-verifications': { path: '/v2/email-verifications', filters: [], paged: true },
    '/v2/credits/transactions': { path: '/v2/credits/transactions', filters: ['reason'], paged: true },
    '/v2/enums/{name}': { path: '/v2/enums/industries', filters: [], paged: false },
  });

  function expectListShape(res: HttpAnswer, what: string): { items: any[]; pagination: Record<string, number> } {
    expect({ what, status: res.status }).toEqual({ what, status: 200 });
    expect(res.body.success).toBe(true);
    expect(Array.isArray(res.body.data)).toBe(true);
    const pagination = res.body.metadata.pagination;
    expect(Object.keys(pagination).sort()).toEqual(['page', 'per_page', 'total_count', 'total_pages']);
    for (const value of Object.values(pagination)) expect(Number.isInteger(value)).toBe(true);
    expect(pagination.total_pages).toBe(Math.ceil(pagination.total_count / pagination.per_page));
    expect(res.body.data.length).toBeLessThanOrEqual(pagination.per_page);
    return { items: res.body.data, pagination };
  }

  beforeAll(async () => {
    stack = await startStack({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    ws = await stack.workspace(10);
    for (const [name, type] of [
      ['p1', 'people'],
      ['p2', 'people'],
      ['c1', 'company'],
    ])
      expect((await ws.api.post('/v2/lists', { name, type })).status).toBe(201);
    const hooks: string[] = [];
    for (const path of ['/a', '/b', '/c']) {
      const res = await ws.api.post('/v2/webhooks', { url: `http://127.0.0.1:9${path}`, events: ['company.saved'] });
      expect(res.status).toBe(201);
      hooks.push(res.body.data.id);
    }
    webhookId = hooks[0];
    expect((await ws.api.patch(`/v2/webhooks/${hooks[1]}`, { status: 'disabled' })).status).toBe(200);
    const job = await ws.api.post('/v2/email-verifications', { emails: ['a@mail.test', 'b@mail.test'] });
    expect(job.status).toBe(202);
    jobId = job.body.data.id;
    await ws.api.post('/v2/email-verifications', { emails: ['c@mail.test'] });
    expect((await stack.cli(['credits:set', '--workspace', ws.workspace_id, '--balance', '20'])).code).toBe(0);
  });
  afterAll(() => stack?.close());

  it('the OpenAPI document marks exactly these routes (and the results of a verification job) as paged, all with the shared pagination schema', async () => {
    const doc = (await stack.anon.get('/docs-json')).body;
    const lists = Object.entries(doc.paths as Record<string, any>)
      .filter(
        ([, item]) =>
          item.get?.responses?.['200']?.content?.['application/json']?.schema?.properties?.metadata?.properties
            ?.pagination,
      )
      .map(([path, item]) => {
        expect(
          item.get.responses['200'].content['application/json'].schema.properties.metadata.properties.pagination.$ref,
        ).toBe('#/components/schemas/PaginationSchema');
        return path;
      });
    // Besides the lists, one record pages a sub-list the same way: a verification job's `results`.
    expect(lists.sort()).toEqual([...Object.keys(routes()), '/v2/email-verifications/{id}'].sort());
    expect(Object.keys(doc.components.schemas.PaginationSchema.properties).sort()).toEqual([
      'page',
      'per_page',
      'total_count',
      'total_pages',
    ]);
  });

  it('every list route answers data = array and metadata.pagination with the four members', async () => {
    for (const [name, route] of Object.entries(routes())) expectListShape(await ws.api.get(route.path), name);
  });

  it('page and per_page page every pageable route; a page past the end is empty with the same totals', async () => {
    for (const [name, route] of Object.entries(routes())) {
      if (!route.paged) continue;
      const all = expectListShape(await ws.api.get(route.path), name);
      expect(all.pagination).toMatchObject({ page: 1, per_page: 25 });
      const first = expectListShape(await ws.api.get(`${route.path}?per_page=1`), name);
      expect(first.pagination).toEqual({
        page: 1,
        per_page: 1,
        total_count: all.pagination.total_count,
        total_pages: all.pagination.total_count,
      });
      expect(first.items).toEqual(all.items.slice(0, 1));
      if (all.items.length >= 2) {
        const second = expectListShape(await ws.api.get(`${route.path}?page=2&per_page=1`), name);
        expect(second.items).toEqual(all.items.slice(1, 2));
      }
      const past = expectListShape(
        await ws.api.get(`${route.path}?page=${all.pagination.total_count + 1}&per_page=1`),
        name,
      );
      expect(past.items).toEqual([]);
      expect(past.pagination.total_count).toBe(all.pagination.total_count);
    }
  });

  it('paging is bounded the same way everywhere: page 1-100000, per_page 1-100, whole numbers', async () => {
    for (const [name, route] of Object.entries(routes())) {
      if (!route.paged) continue;
      for (const [query, field, code] of [
        ['page=0', 'page', 'out_of_range'],
        ['page=100001', 'page', 'out_of_range'],
        ['per_page=0', 'per_page', 'out_of_range'],
        ['per_page=101', 'per_page', 'out_of_range'],
        ['page=abc', 'page', 'invalid_value'],
        ['per_page=2.5', 'per_page', 'invalid_value'],
      ]) {
        const res = await ws.api.get(`${route.path}?${query}`);
        expect({ name, query, status: res.status }).toEqual({ name, query, status: 400 });
        expect(errorOf(res).payload).toMatchObject({
          field,
          code,
          received_type: 'string',
          received_value: query.split('=')[1],
        });
      }
      expect((await ws.api.get(`${route.path}?per_page=100&page=100000`)).status).toBe(200);
    }
  });

  it('an unknown parameter answers 400 unknown_field naming what the route takes', async () => {
    for (const [name, route] of Object.entries(routes())) {
      const res = await ws.api.get(`${route.path}?bogus=1`);
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      const error = errorOf(res);
      expect(error.name).toBe('VALIDATION_ERROR');
      expect(error.payload).toMatchObject({ field: 'bogus', code: 'unknown_field' });
      const allowed = route.paged ? ['page', 'per_page', ...route.filters].sort() : [];
      expect({ name, allowed: error.payload.allowed_fields }).toEqual({ name, allowed });
    }
  });

  it('filters are honoured: lists by type, webhooks by status, and a bad value is rejected with its field', async () => {
    const company = expectListShape(await ws.api.get('/v2/lists?type=company'), 'lists');
    expect(company.items.map((l) => l.type)).toEqual(['company']);
    expect(company.pagination.total_count).toBe(1);
    const active = expectListShape(await ws.api.get('/v2/webhooks?status=active'), 'webhooks');
    expect(active.items.map((h) => h.status)).toEqual(['active', 'active']);
    const disabled = expectListShape(await ws.api.get('/v2/webhooks?status=disabled'), 'webhooks');
    expect(disabled.items.map((h) => h.status)).toEqual(['disabled']);
    expect(disabled.pagination.total_count).toBe(1);
    const bad = await ws.api.get('/v2/webhooks?status=paused');
    expect(errorOf(bad).payload).toMatchObject({ field: 'status', code: 'invalid_value', received_value: 'paused' });
    const ledger = expectListShape(await ws.api.get('/v2/credits/transactions?reason=credits_set'), 'ledger');
    expect(ledger.items.map((t) => t.reason)).toEqual(['credits_set']);
  });

  it('a paged sub-list (verification results) carries the same pagination members', async () => {
    const res = await ws.api.get(`/v2/email-verifications/${jobId}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data.results)).toBe(true);
    expect(Object.keys(res.body.metadata.pagination).sort()).toEqual([
      'page',
      'per_page',
      'total_count',
      'total_pages',
    ]);
    expect(res.body.metadata.pagination.per_page).toBe(1000);
    expect(errorOf(await ws.api.get(`/v2/email-verifications/${jobId}?per_page=5`)).payload).toMatchObject({
      field: 'per_page',
      code: 'unknown_field',
    });
  });

  it('routes that take no query parameters reject them instead of ignoring them', async () => {
    for (const path of ['/v2/workspace', `/v2/webhooks/${webhookId}`, '/v2/credits', `/v2/jobs/${jobId}`]) {
      const res = await ws.api.get(`${path}?status=active`);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(errorOf(res).payload).toMatchObject({ field: 'status', code: 'unknown_field', allowed_fields: [] });
    }
    const body = await ws.api.post('/v2/lists?dry_run=1', { name: 'x', type: 'people' });
    expect(errorOf(body).payload).toMatchObject({ field: 'dry_run', code: 'unknown_field' });
  });

  it('the key is still checked first: no key is 401 whatever the query', async () => {
    expect((await stack.anon.get('/v2/webhooks?bogus=1')).status).toBe(401);
  });
});
