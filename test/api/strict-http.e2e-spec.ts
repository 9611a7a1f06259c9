import { request as httpRequest } from 'node:http';
import { errorOf, eventually, HttpAnswer } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

/** A request exactly as given: no content type or body added behind our back (fetch adds text/plain to a string body). */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<HttpAnswer & { header(name: string): string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = null;
        }
        const header = (name: string) => {
          const value = res.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : value;
        };
        resolve({ status: res.statusCode ?? 0, headers: new Headers(), body: parsed, text, header });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('strict HTTP (issue 14 point 4) and honest error details (point 8)', () => {
  let stack: TestStack;
  let ws: Workspace;
  let key: Record<string, string>;
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) =>
    raw(stack.base, method, path, headers, body);

  beforeAll(async () => {
    stack = await startStack();
    ws = await stack.workspace();
    key = { 'x-api-key': ws.api_key };
  });
  afterAll(() => stack?.close());

  describe('405 and OPTIONS from the registered routes', () => {
    it.each([
      ['PUT', '/v2/lists', 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', '/v2/webhooks', 'GET, HEAD, POST, OPTIONS'],
      ['GET', '/v2/people/lists/remove', 'POST, OPTIONS'],
      ['DELETE', '/v2/people/search', 'GET, HEAD, POST, PATCH, OPTIONS'],
      ['PUT', '/v2/webhooks/wh_x', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
      ['POST', '/v2/workspace', 'GET, HEAD, OPTIONS'],
      ['GET', '/v2/lists/lst_x', 'DELETE, OPTIONS'],
    ])('%s %s answers 405 with Allow in the header and the envelope', async (method, path, allow) => {
      const res = await send(method, path, key);
      expect(res.status).toBe(405);
      expect(res.header('allow')).toBe(allow);
      const error = errorOf(res);
      expect(error.name).toBe('METHOD_NOT_ALLOWED');
      expect(error.payload.allow).toEqual(allow.split(', '));
      expect(typeof res.body.metadata.request_id).toBe('string');
    });

    it('the wrong method is 405 with or without a key: the path is not a secret', async () => {
      expect((await send('PUT', '/v2/lists')).status).toBe(405);
    });

    it('a 405 is in the request log like any answer', async () => {
      const res = await send('PATCH', '/v2/credits', { 'x-request-id': 'strict-405' });
      expect(res.status).toBe(405);
      await eventually(
        async () =>
          stack.api
            .log()
            .split('\n')
            .some((line) => line.includes('strict-405') && line.includes('"statusCode":405')),
        5000,
      );
    });

    it('OPTIONS answers 204 with Allow, without a key; an unknown path stays 404', async () => {
      const lists = await send('OPTIONS', '/v2/lists');
      expect(lists.status).toBe(204);
      expect(lists.header('allow')).toBe('GET, HEAD, POST, OPTIONS');
      expect(lists.text).toBe('');
      expect((await send('OPTIONS', '/v2/webhooks/wh_1/deliveries')).header('allow')).toBe('GET, HEAD, OPTIONS');
      expect((await send('OPTIONS', '/health')).header('allow')).toBe('GET, HEAD, OPTIONS');
      expect(errorOf(await send('OPTIONS', '/v2/nothing-here')).name).toBe('NOT_FOUND');
      expect((await send('PUT', '/v2/nothing-here', key)).status).toBe(404);
    });

    it('HEAD works wherever GET does', async () => {
      expect((await send('HEAD', '/v2/lists', key)).status).toBe(200);
    });
  });

  it('paths are case-sensitive', async () => {
    for (const path of ['/V2/lists', '/v2/Lists', '/v2/LISTS', '/Health']) {
      const res = await send('GET', path, key);
      expect(res.status).toBe(404);
      expect(errorOf(res).name).toBe('NOT_FOUND');
    }
    expect((await send('GET', '/v2/lists', key)).status).toBe(200);
  });

  describe('415 for a body that is not JSON', () => {
    it.each([
      ['text/plain'],
      ['application/x-www-form-urlencoded'],
      ['multipart/form-data; boundary=x'],
      ['application/xml'],
    ])('%s answers 415 in the envelope', async (type) => {
      const res = await send('POST', '/v2/lists', { ...key, 'content-type': type }, '{"name":"x","type":"people"}');
      expect(res.status).toBe(415);
      const error = errorOf(res);
      expect(error.name).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(error.payload).toMatchObject({ field: 'content-type', received_value: type });
    });

    it('JSON with a charset, a +json type, or a body without a content type is read as JSON', async () => {
      const body = (name: string) => JSON.stringify({ name, type: 'people' });
      expect(
        (await send('POST', '/v2/lists', { ...key, 'content-type': 'application/json; charset=utf-8' }, body('a')))
          .status,
      ).toBe(201);
      expect(
        (await send('POST', '/v2/lists', { ...key, 'content-type': 'application/merge-patch+json' }, body('b'))).status,
      ).toBe(201);
      expect((await send('POST', '/v2/lists', key, Buffer.from(body('c')))).status).toBe(201);
    });

    it('a request without a body needs no content type, and a content type without a body is not 415', async () => {
      expect((await send('GET', '/v2/lists', key)).status).toBe(200);
      expect((await send('GET', '/v2/lists', { ...key, 'content-type': 'text/plain' })).status).toBe(200);
    });
  });

  describe('the API key is checked before the body is read', () => {
    it.each([
      ['malformed JSON', { 'content-type': 'application/json' }, '{"name": '],
      ['a text body', { 'content-type': 'text/plain' }, 'hello'],
      ['a JSON array', { 'content-type': 'application/json' }, '[]'],
      ['a body over the limit', { 'content-type': 'application/json' }, `{"name":"${'x'.repeat(9 * 1024 * 1024)}"}`],
    ])('without a key, %s answers 401', async (_what, headers, body) => {
      const res = await send('POST', '/v2/lists', headers, body);
      expect(res.status).toBe(401);
      expect(errorOf(res).name).toBe('UNAUTHORIZED');
      const wrong = await send('POST', '/v2/lists', { ...headers, 'x-api-key': 'pws_not_a_key' }, body);
      expect(wrong.status).toBe(401);
    });

    it('with a key, the same bodies answer 400 invalid_format and 413', async () => {
      const malformed = await send('POST', '/v2/lists', { ...key, 'content-type': 'application/json' }, '{"name": ');
      expect(malformed.status).toBe(400);
      expect(errorOf(malformed).payload).toMatchObject({ field: 'body', code: 'invalid_format' });
      const large = await send(
        'POST',
        '/v2/lists',
        { ...key, 'content-type': 'application/json' },
        `{"name":"${'x'.repeat(9 * 1024 * 1024)}"}`,
      );
      expect(large.status).toBe(413);
      expect(errorOf(large).name).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  it('Swagger UI, the OpenAPI document and /health still answer', async () => {
    const ui = await send('GET', '/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
    expect((await send('GET', '/docs-json')).status).toBe(200);
    expect((await send('GET', '/health')).status).toBe(200);
  });

  describe('honest error details', () => {
    it.each([
      ['?page=abc', 'page', 'invalid_value', 'abc'],
      ['?page=0', 'page', 'out_of_range', '0'],
      ['?per_page=1.5', 'per_page', 'invalid_value', '1.5'],
      ['?per_page=101', 'per_page', 'out_of_range', '101'],
      ['?type=robots', 'type', 'invalid_value', 'robots'],
    ])('GET /v2/lists%s reports the string that was sent', async (query, field, code, value) => {
      const error = errorOf(await ws.api.get(`/v2/lists${query}`));
      expect(error.payload).toMatchObject({ field, code, received_value: value, received_type: 'string' });
    });

    it('a repeated parameter is reported as an array', async () => {
      const error = errorOf(await ws.api.get('/v2/lists?page=1&page=2'));
      expect(error.payload).toMatchObject({ field: 'page', received_type: 'array' });
    });

    it.each([
      ['[]', 'array', undefined],
      ['[{"name":"x","type":"people"}]', 'array', undefined],
      ['"text"', 'string', 'text'],
      ['42', 'number', 42],
      ['null', 'null', null],
      ['true', 'boolean', true],
    ])('a JSON body %s that is not an object answers one message and one code', async (body, type, value) => {
      const res = await send('POST', '/v2/lists', { ...key, 'content-type': 'application/json' }, body);
      expect(res.status).toBe(400);
      const error = errorOf(res);
      expect(error.name).toBe('VALIDATION_ERROR');
      expect(error.message).toBe('the request body must be a JSON object');
      expect(error.payload.field).toBe('body');
      expect(error.payload.code).toBe('invalid_value');
      expect(error.payload.received_type).toBe(type);
      if (value === undefined) expect('received_value' in error.payload).toBe(false);
      else expect(error.payload.received_value).toEqual(value);
    });
  });

  describe('answers no cache may keep, and a request log without secrets (issue 27 point 6)', () => {
    it('every /v2 answer carries Cache-Control: no-store, the one holding a new webhook secret and every error included', async () => {
      const webhook = await send(
        'POST',
        '/v2/webhooks',
        { ...key, 'content-type': 'application/json' },
        JSON.stringify({ url: 'https://hooks.example.com/c', events: ['person.saved'] }),
      );
      expect(webhook.status).toBe(201);
      expect(webhook.body.data.secret).toEqual(expect.any(String));
      const answers = [
        ['201 with a secret', webhook],
        ['200', await send('GET', '/v2/workspace', key)],
        ['401', await send('GET', '/v2/workspace')],
        ['400', await send('GET', '/v2/lists?page=0', key)],
        ['404', await send('GET', '/v2/companies/5c0000000000000000000099', key)],
        ['405', await send('PUT', '/v2/lists', key)],
        [
          '413',
          await send(
            'POST',
            '/v2/lists',
            { ...key, 'content-type': 'application/json' },
            JSON.stringify({ name: 'x'.repeat(10_000), type: 'people' }),
          ),
        ],
        ['415', await send('POST', '/v2/lists', { ...key, 'content-type': 'text/plain' }, 'x')],
        ['OPTIONS 204', await send('OPTIONS', '/v2/lists')],
      ] as const;
      expect(answers.map(([what, res]) => [what, res.header('cache-control')])).toEqual(
        answers.map(([what]) => [what, 'no-store']),
      );
    });

    it('an API key sent in the query string is refused and logged without its value; parameter names stay', async () => {
      const secret = `${ws.api_key}`;
      const res = await send('GET', `/v2/workspace?api_key=${encodeURIComponent(secret)}&page=2`, {
        'x-request-id': 'query-key-log',
      });
      expect(res.status).toBe(401);
      const line = await eventually(
        async () =>
          stack.api
            .log()
            .split('\n')
            .find((l) => l.includes('query-key-log') && l.includes('"statusCode":401')),
        5000,
      );
      expect(line).toContain('"url":"/v2/workspace?api_key=[redacted]&page=[redacted]"');
      expect(stack.api.log()).not.toContain(secret.slice(4));
    });
  });
});
