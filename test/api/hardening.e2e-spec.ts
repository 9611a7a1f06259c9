// Issue 12 point 5: hardening rules observable from outside. One stack (API + worker) for the file; a second,
// short-lived API process only where a rule needs other settings (CORS allow-list, Redis unreachable).
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { errorOf, eventually } from '../support/http';
import { freePort, ServiceProcess } from '../support/processes';
import { startStack, TestStack, Workspace } from '../support/stack';
import { keyVersion } from '../../libs/webhooks/src/secret-box';
import { verifyServiceSignature } from '../../libs/webhooks/src/verify';
import { insertWebhook, startReceiver } from '../support/webhook-delivery-kit';

/** A few dozen brotli bytes that inflate to about 7.7 MB of JSON (a valid list creation, were it accepted). */
const BOMB = brotliCompressSync(Buffer.from(JSON.stringify({ name: 'x'.repeat(7_700_000), type: 'people' })), {
  params: { [zlib.BROTLI_PARAM_QUALITY]: 11 },
});

describe('hardening (issue 12 point 5)', () => {
  let stack: TestStack;
  let ws: Workspace;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    // 127.0.0.2 is loopback too, but a server bound to it is not reachable at 127.0.0.1: proves the bind address is used.
    stack = await startStack({
      env: { WORKER_METRICS_PORT: String(metricsPort), WORKER_METRICS_HOST: '127.0.0.2', DB_LOCK_TIMEOUT: '1s' },
    });
    ws = await stack.workspace();
  });
  afterAll(() => stack?.close());

  describe('compressed bodies: nothing inflated before the key, bounded by the inflated size after it', () => {
    const encoded = (body: Buffer, encoding: string) => ({
      raw: body,
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    });

    it('the bomb is tiny, and without a valid key it answers 401 whatever it holds', async () => {
      expect(BOMB.length).toBeLessThan(64);
      for (const client of [stack.anon, stack.anon.withKey('pws_not_a_key')]) {
        const res = await client.request('POST', '/v2/lists', undefined, encoded(BOMB, 'br'));
        expect(res.status).toBe(401);
        expect(errorOf(res).name).toBe('UNAUTHORIZED');
      }
    });

    it('a corrupt compressed body answers 401 without a key and 400 with one: the key is checked before inflating', async () => {
      const corrupt = Buffer.concat([gzipSync('{"name":"a","type":"people"}').subarray(0, 12), Buffer.from('garbage')]);
      expect((await stack.anon.request('POST', '/v2/lists', undefined, encoded(corrupt, 'gzip'))).status).toBe(401);
      const withKey = await ws.api.request('POST', '/v2/lists', undefined, encoded(corrupt, 'gzip'));
      expect(withKey.status).toBe(400);
      expect(errorOf(withKey)).toMatchObject({
        name: 'VALIDATION_ERROR',
        payload: { field: 'body', code: 'invalid_format' },
      });
    });

    it('with a key, the bomb answers 413 in the envelope (the limit counts inflated bytes) and creates nothing', async () => {
      const res = await ws.api.request('POST', '/v2/lists', undefined, encoded(BOMB, 'br'));
      expect(res.status).toBe(413);
      expect(errorOf(res)).toMatchObject({
        name: 'PAYLOAD_TOO_LARGE',
        payload: { field: 'body', code: 'out_of_range' },
      });
      expect((await ws.api.get('/v2/lists')).body.data).toEqual([]);
    });

    it('a legal compressed body is read; an unknown encoding answers 415', async () => {
      const body = Buffer.from(JSON.stringify({ name: 'gzipped', type: 'people' }));
      expect((await ws.api.request('POST', '/v2/lists', undefined, encoded(gzipSync(body), 'gzip'))).status).toBe(201);
      const zstd = await ws.api.request('POST', '/v2/lists', undefined, encoded(body, 'zstd'));
      expect(zstd.status).toBe(415);
      expect(errorOf(zstd).name).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('the body limit fits the largest legal body: 10,000 verification emails of 254 characters, pretty-printed', async () => {
      const emails = Array.from(
        { length: 10_000 },
        (_, i) => `${String(i).padStart(5, '0')}${'a'.repeat(237)}@example.com`,
      );
      expect(emails.every((e) => e.length === 254)).toBe(true);
      const raw = JSON.stringify({ emails }, null, 2);
      expect(raw.length).toBeGreaterThan(2_600_000);
      const res = await ws.api.request('POST', '/v2/email-verifications', undefined, { raw });
      expect(res.status).toBe(202);
    });
  });

  describe('every string is length-capped: 400 VALIDATION_ERROR with field and code', () => {
    const LONG = 'a'.repeat(5000);
    // Routes whose whole body is capped at a few KB (docs/api.md#request-bodies) get a string just past the field's cap.
    const over = (cap: number) => 'a'.repeat(cap + 1);
    const longEmail = `${'a'.repeat(243)}@example.com`; // 255 characters
    let listId: string;
    let webhookId: string;
    beforeAll(async () => {
      listId = (await ws.api.post('/v2/lists', { name: 'caps', type: 'people' })).body.data.id;
      webhookId = (await ws.api.post('/v2/webhooks', { url: 'http://127.0.0.1:9/caps', events: ['company.saved'] }))
        .body.data.id;
    });

    it.each([
      ['POST', '/v2/email-verifications', () => ({ emails: ['ok@example.com', longEmail] }), 'emails[1]'],
      ['POST', '/v2/webhooks', () => ({ url: `https://${LONG}.example.com/`, events: ['company.saved'] }), 'url'],
      ['PATCH', '/v2/webhooks/{webhook}', () => ({ url: `https://hooks.example.com/${LONG}` }), 'url'],
      ['PATCH', '/v2/webhooks/{webhook}', () => ({ description: LONG }), 'description'],
      ['POST', '/v2/webhooks/{webhook}/rotate-secret', () => ({ grace: over(500) }), 'grace'],
      ['POST', '/v2/webhooks/{webhook}/recover', () => ({ since: `2026-01-01T00:00:00.${'1'.repeat(100)}Z` }), 'since'],
      ['POST', '/v2/lists', () => ({ name: over(200), type: 'people' }), 'name'],
      ['POST', '/v2/people/lists/remove', () => ({ list_id: LONG, ids: ['5e0000000000000000000001'] }), 'list_id'],
      ['POST', '/v2/people/save', () => ({ data: ['5e0000000000000000000001'], list_ids: [LONG] }), 'list_ids'],
      ['POST', '/v2/people/save', () => ({ data: ['5e0000000000000000000001', LONG] }), 'data[1]'],
      [
        'POST',
        '/v2/people/calculate-credits',
        () => ({ data: [{ pro_network_url: `https://pronet.example/in/${LONG}` }] }),
        'data[0].pro_network_url',
      ],
      [
        'POST',
        '/v2/people/calculate-credits',
        () => ({ filters: { person_name: { include: [LONG] } }, exclude_ids: [LONG] }),
        'exclude_ids[0]',
      ],
      ['POST', '/v2/companies/save', () => ({ data: [{ domain: LONG }] }), 'data[0].domain'],
      ['POST', '/v2/companies/save', () => ({ data: ['5e0000000000000000000001'], list_ids: [LONG] }), 'list_ids'],
      ['POST', '/v2/search/suggest', () => ({ type: 'person_job_title', query: over(100) }), 'query'],
      ['PATCH', '/v2/people/5e0000000000000000000001', () => ({ email: longEmail }), 'email'],
      ['PATCH', '/v2/companies/5e0000000000000000000001', () => ({ name: over(500) }), 'name'],
    ])('%s %s: a long string answers 400', async (method, path, body, field) => {
      const res = await ws.api.request(method, path.replace('{webhook}', webhookId).replace('{list}', listId), body());
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ name: 'VALIDATION_ERROR', payload: { field, code: expect.any(String) } });
    });
  });

  describe('security headers and CORS', () => {
    it('JSON answers carry helmet headers and a CSP that allows nothing; /docs keeps one Swagger UI works with', async () => {
      for (const res of [await ws.api.get('/v2/workspace'), await stack.anon.get('/v2/workspace')]) {
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
        expect(res.headers.get('x-powered-by')).toBeNull();
      }
      const docs = await fetch(`${stack.base}/docs`);
      expect(docs.status).toBe(200);
      const csp = docs.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/style-src 'self'[^;]*'unsafe-inline'/);
      expect(csp).toMatch(/img-src 'self' data:/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      // Everything the page loads comes from 'self': its scripts and styles are served beside it.
      const html = await docs.text();
      for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
        expect(src[1]).not.toMatch(/^(https?:)?\/\//);
        expect((await fetch(new URL(src[1], `${stack.base}/docs`))).status).toBe(200);
      }
    });

    it('CORS is off by default: no Access-Control-Allow-Origin, on answers or preflights', async () => {
      const origin = { origin: 'https://evil.example' };
      const get = await ws.api.request('GET', '/v2/workspace', undefined, { headers: origin });
      expect(get.status).toBe(200);
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await stack.anon.request('OPTIONS', '/v2/workspace', undefined, {
        headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    });
  });

  describe('a second API: CORS allow-list, Redis unreachable', () => {
    let api: ServiceProcess;
    let base: string;
    beforeAll(async () => {
      const port = await freePort();
      const deadRedis = await freePort();
      base = `http://127.0.0.1:${port}`;
      api = new ServiceProcess('api', {
        ...stack.env,
        PORT: String(port),
        REDIS_URL: `redis://127.0.0.1:${deadRedis}/0`,
        CORS_ORIGINS: 'https://app.example.com,http://localhost:5173',
      });
      api.start();
      await eventually(
        () =>
          fetch(`${base}/health`).then(
            (r) => r.status === 503,
            () => false,
          ),
        30_000,
        200,
      );
    });
    afterAll(() => api?.stop('SIGKILL'));

    it('/health answers 503 UNAVAILABLE naming redis, and nothing about hosts, ports or errors', async () => {
      const health = await fetch(`${base}/health`);
      const text = await health.text();
      expect(health.status).toBe(503);
      const body = JSON.parse(text);
      expect(body.errors[0]).toMatchObject({ name: 'UNAVAILABLE', payload: { status: 'error', down: ['redis'] } });
      expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|connect|timeout|host|port/i);
    });

    it('an allowed origin gets Access-Control-Allow-Origin (answer and preflight); another origin gets none', async () => {
      const allowed = await fetch(`${base}/v2/workspace`, { headers: { origin: 'https://app.example.com' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(allowed.headers.get('access-control-expose-headers')).toContain('x-request-id');
      const preflight = await fetch(`${base}/v2/workspace`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-api-key,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('x-api-key');
      const other = await fetch(`${base}/v2/workspace`, { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('worker metrics', () => {
    it('listen on WORKER_METRICS_HOST only', async () => {
      await stack.startWorker();
      const metrics = await eventually(() =>
        fetch(`http://127.0.0.2:${metricsPort}/metrics`).then((r) => (r.status === 200 ? r.text() : '')),
      );
      expect(metrics).toContain('webhook_');
      await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
    });

    it('log every request with its remote address and status (issue 27 point 6)', async () => {
      await stack.startWorker();
      expect((await fetch(`http://127.0.0.2:${metricsPort}/metrics?probe=secret-value`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.2:${metricsPort}/elsewhere`)).status).toBe(404);
      const lines = () =>
        stack
          .worker!.log()
          .split('\n')
          .filter((l) => l.includes('"metrics request"'))
          .map((l) => JSON.parse(l));
      await eventually(async () => lines().some((l) => l.res.statusCode === 404), 5000);
      expect(lines()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            req: expect.objectContaining({
              method: 'GET',
              url: '/metrics?probe=[redacted]',
              remoteAddress: expect.stringMatching(/^127\./),
            }),
            res: { statusCode: 200 },
          }),
          expect.objectContaining({ req: expect.objectContaining({ url: '/elsewhere' }), res: { statusCode: 404 } }),
        ]),
      );
      expect(stack.worker!.log()).not.toContain('secret-value');
    });
  });

  describe('logs', () => {
    it('never hold verification emails, webhook URLs, webhook secrets or the parameters of a failed statement', async () => {
      const token = () => randomBytes(8).toString('hex');
      const email = `planted.${token()}@example.com`;
      const listName = `planted-${token()}`;
      const urlToken = token();
      const rcv = await startReceiver();
      try {
        if (!stack.worker?.running) await stack.startWorker();
        // A receiver that fails once, so the worker logs a failed attempt and retries.
        const { url, path } = rcv.hook([{ status: 500 }, { status: 200 }]);
        const hookUrl = `${url}?token=${urlToken}`;
        const created = await ws.api.post('/v2/webhooks', { url: hookUrl, events: ['company.saved'] });
        expect(created.status).toBe(201);
        const rotated = await ws.api.post(`/v2/webhooks/${created.body.data.id}/rotate-secret`, { grace: '1h' });
        expect(rotated.status).toBe(200);
        expect((await ws.api.post(`/v2/webhooks/${created.body.data.id}/test`, {})).status).toBeLessThan(300);
        expect(await rcv.waitFor(path, (got) => got.length >= 2, 20_000)).toHaveLength(2);

        const job = await ws.api.post('/v2/email-verifications', { emails: [email] });
        expect(job.status).toBe(202);
        await eventually(
          async () =>
            ['completed', 'failed'].includes(
              (await ws.api.get(`/v2/email-verifications/${job.body.data.id}`)).body.data?.status,
            ),
          20_000,
        );

        // A statement that fails with the name among its parameters: the list INSERT waits on a table lock the
        // test holds until the API's DB_LOCK_TIMEOUT fires (55P03), which the API answers 503 and logs.
        const locker = new Client({ connectionString: stack.db.url });
        await locker.connect();
        try {
          await locker.query('BEGIN');
          await locker.query('LOCK TABLE lists IN SHARE MODE');
          const failed = await ws.api.post('/v2/lists', { name: listName, type: 'people' });
          expect(failed.status).toBe(503);
        } finally {
          await locker.query('ROLLBACK').catch(() => undefined);
          await locker.end();
        }

        const secrets = [
          email,
          listName,
          urlToken,
          created.body.data.secret.slice(6),
          rotated.body.data.secret.slice(6),
        ];
        const logs = stack.api.log() + stack.worker!.log();
        expect(logs).toContain(job.body.data.id); // the logs were captured at all
        expect(logs).toContain('canceling statement due to lock timeout'); // the failed statement was logged, by its reason only
        for (const secret of secrets)
          expect({ secret, logged: logs.includes(secret) }).toEqual({ secret, logged: false });
      } finally {
        await rcv.close();
      }
    });
  });

  // Last: it changes SECRETS_KEY in the stack's environment and restarts the worker under it.
  describe('SECRETS_KEY rotation', () => {
    it('secrets:rotate re-seals every secret under the new key, idempotently; deliveries still verify with the same secrets', async () => {
      const rcv = await startReceiver();
      try {
        const oldKey = stack.env.SECRETS_KEY;
        const hookX = rcv.hook();
        const x = (await ws.api.post('/v2/webhooks', { url: hookX.url, events: ['company.saved'] })).body.data;
        const xRotated = (await ws.api.post(`/v2/webhooks/${x.id}/rotate-secret`, { grace: '1h' })).body.data;
        const hookY = rcv.hook();
        const y = await insertWebhook(stack.db, oldKey, ws, hookY.url, ['company.saved']); // sealed the old way: no version, no id bound
        const boxes = async () =>
          (await stack.db.query<any>(`SELECT id, secret_ciphertext, previous_secret_ciphertext FROM webhooks`)).flatMap(
            (r: any) => [r.secret_ciphertext, r.previous_secret_ciphertext].filter(Boolean),
          );
        const total = (await boxes()).length;

        const newKey = randomBytes(32).toString('hex');
        // The CLI runs with the new environment; the API only seals (new secrets), so it is not restarted here.
        Object.assign(stack.env, { SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey });
        const first = await stack.cli(['secrets:rotate']);
        expect(first.code).toBe(0);
        expect(first.json).toMatchObject({ resealed: total, already_current: 0, changed_meanwhile: 0 });
        expect(
          (await boxes()).every((box: string) => box.startsWith(`v1.${keyVersion(Buffer.from(newKey, 'hex'))}.`)),
        ).toBe(true);
        const again = await stack.cli(['secrets:rotate']);
        expect(again.json).toEqual({
          webhooks: first.json.webhooks,
          resealed: 0,
          already_current: total,
          changed_meanwhile: 0,
        });

        // The former key is gone: the worker opens everything with the new one alone.
        stack.env.SECRETS_KEY_PREVIOUS = '';
        await stack.startWorker();
        for (const [id, path, secrets] of [
          [x.id, hookX.path, [xRotated.secret, x.secret]],
          [y.id, hookY.path, [y.secret]],
        ] as const) {
          expect((await ws.api.post(`/v2/webhooks/${id}/test`, {})).status).toBeLessThan(300);
          const [got] = await rcv.waitFor(path, (g) => g.length >= 1, 20_000);
          for (const secret of secrets)
            expect(verifyServiceSignature(got.raw, got.headers['x-service-signature'] as string, secret)).toBe(true);
        }
        // Without the former key a secret still sealed under it fails loudly and names nothing secret.
        const stale = await stack.cli(['secrets:rotate'], { SECRETS_KEY: randomBytes(32).toString('hex') });
        expect(stale.code).not.toBe(0);
        expect(stale.stderr).toContain('neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS opens');
      } finally {
        await rcv.close();
      }
    });
  });
});
