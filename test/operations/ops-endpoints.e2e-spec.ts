import { ApiClient, errorOf, eventually } from '../support/http';
import { freePort, ServiceProcess } from '../support/processes';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(120_000);

const OPS_TOKEN = 'ops-'.repeat(10);
const COMPANY_ID = '5c00000000000000000000aa';

/** The operators' view: /ops/queues (bull-board) and /metrics, behind OPS_TOKEN. */
describe('operator endpoints', () => {
  let stack: TestStack;
  let ws: Workspace;
  const bearer = { authorization: `Bearer ${OPS_TOKEN}` };

  beforeAll(async () => {
    stack = await startStack({ env: { OPS_TOKEN } });
    ws = await stack.workspace();
  });
  afterAll(() => stack?.close());

  it.each(['/ops/queues', '/ops/queues/api/queues', '/metrics'])(
    '%s answers 401 in the envelope without the token or with a wrong one',
    async (path) => {
      const wrong: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${OPS_TOKEN}x` },
        { authorization: 'Bearer ' },
        { 'x-api-key': ws.api_key },
      ];
      for (const headers of wrong) {
        const res = await stack.anon.request('GET', path, undefined, { headers });
        expect({ headers, status: res.status }).toEqual({ headers, status: 401 });
        expect(errorOf(res).name).toBe('UNAUTHORIZED');
        expect(res.body.metadata.request_id).toBe(res.headers.get('x-request-id'));
        // A browser is asked for the token by its own basic-auth prompt.
        expect(res.headers.get('www-authenticate')).toMatch(/Basic realm="pws-ops"/);
      }
    },
  );

  it('serves the dashboard page and lists every queue in its API, with a bearer token or basic auth', async () => {
    const page = await stack.anon.request('GET', '/ops/queues', undefined, { headers: bearer });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('<base href="/ops/queues/" />');
    const script = /src="(static\/js\/main\.[^"]+)"/.exec(page.text)![1];
    expect((await stack.anon.request('GET', `/ops/queues/${script}`, undefined, { headers: bearer })).status).toBe(200);
    expect((await stack.anon.request('GET', `/ops/queues/${script}`)).status).toBe(401);

    const basic = { authorization: `Basic ${Buffer.from(`ops:${OPS_TOKEN}`).toString('base64')}` };
    for (const headers of [bearer, basic]) {
      const res = await stack.anon.request('GET', '/ops/queues/api/queues', undefined, { headers });
      expect(res.status).toBe(200);
      const names = (res.body.queues as { name: string; readOnlyMode: boolean }[]).map((q) => q.name).sort();
      expect(names).toEqual(['email-verification', 'maintenance', 'people-export', 'webhook-delivery']);
      expect(res.body.queues.every((q: { readOnlyMode: boolean }) => q.readOnlyMode)).toBe(true);
    }
  });

  it('is not part of the public OpenAPI document', async () => {
    const doc = await stack.anon.get('/docs-json');
    expect(Object.keys(doc.body.paths).filter((p) => p.startsWith('/ops') || p === '/metrics')).toEqual([]);
  });

  it('/metrics has a latency histogram by route template and status, never a raw id, and process metrics', async () => {
    expect((await ws.api.get(`/v2/companies/${COMPANY_ID}`)).status).toBe(404);
    expect((await ws.api.get(`/v2/no-such-route/${COMPANY_ID}`)).status).toBe(404);
    const res = await stack.anon.request('GET', '/metrics', undefined, { headers: bearer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    expect(res.text).toMatch(
      /^pws_api_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/v2\/companies\/:id",status="404"\} 1$/m,
    );
    expect(res.text).toMatch(
      /^pws_api_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} \d+$/m,
    );
    expect(res.text).not.toContain(COMPANY_ID);
    expect(res.text).toMatch(/^pws_api_process_resident_memory_bytes \d+/m);
    expect(res.text).toMatch(/^pws_api_nodejs_heap_size_used_bytes \d+/m);
  });

  it('every operator request is logged, served or refused: request id, path, remote address, status; never the token', async () => {
    const wrong = `${OPS_TOKEN}-wrong`;
    const requests: [string, string, Record<string, string>, number][] = [
      ['ops-log-metrics', '/metrics', bearer, 200],
      ['ops-log-refused', '/metrics', { authorization: `Bearer ${wrong}` }, 401],
      [
        'ops-log-queues',
        '/ops/queues/api/queues?activeQueue=maintenance',
        { authorization: `Basic ${Buffer.from(`ops:${OPS_TOKEN}`).toString('base64')}` },
        200,
      ],
      ['ops-log-no-token', '/ops/queues', {}, 401],
    ];
    for (const [id, path, headers, status] of requests) {
      expect(
        (await stack.anon.request('GET', path, undefined, { headers: { ...headers, 'x-request-id': id } })).status,
      ).toBe(status);
    }
    for (const [id, path, , status] of requests) {
      const line = await eventually(
        async () =>
          stack.api
            .log()
            .split('\n')
            .find((l) => l.includes(`"id":"${id}"`)),
        5000,
      );
      const entry = JSON.parse(line);
      expect(entry).toMatchObject({
        context: 'Ops',
        req: {
          id,
          method: 'GET',
          url: path.replace(/=[^&]*/g, '=[redacted]'),
          remoteAddress: expect.stringContaining('127.0.0.1'),
        },
        res: { statusCode: status },
        outcome: status === 401 ? 'refused' : 'served',
      });
      expect(entry.level).toBe(status === 401 ? 40 : 30);
    }
    const log = stack.api.log();
    expect(log).not.toContain(OPS_TOKEN);
    expect(log).not.toContain(Buffer.from(`ops:${OPS_TOKEN}`).toString('base64'));
  });

  it('operator answers carry Cache-Control: no-store, refusals included', async () => {
    expect(
      (await stack.anon.request('GET', '/metrics', undefined, { headers: bearer })).headers.get('cache-control'),
    ).toBe('no-store');
    expect(
      (await stack.anon.request('GET', '/ops/queues/api/queues', undefined, { headers: bearer })).headers.get(
        'cache-control',
      ),
    ).toBe('no-store');
    expect((await stack.anon.request('GET', '/metrics')).headers.get('cache-control')).toBe('no-store');
  });

  it('without OPS_TOKEN both are off: 404 in the envelope, whatever the token', async () => {
    const port = await freePort();
    const api = new ServiceProcess('api', { ...stack.env, OPS_TOKEN: '', PORT: String(port) });
    api.start();
    try {
      const anon = new ApiClient(`http://127.0.0.1:${port}`);
      await eventually(async () => (await fetch(`${anon.base}/health`).catch(() => null))?.status === 200, 30_000, 100);
      for (const path of ['/ops/queues', '/ops/queues/api/queues', '/metrics']) {
        const res = await anon.request('GET', path, undefined, { headers: bearer });
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(errorOf(res).name).toBe('NOT_FOUND');
      }
    } finally {
      await api.stop();
    }
  });
});
