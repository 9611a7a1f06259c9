export interface HttpAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A small JSON client bound to a base URL and, optionally, an API key. */
export class ApiClient {
  constructor(
    readonly base: string,
    readonly key?: string,
  ) {}

  withKey(key: string | undefined): ApiClient {
    return new ApiClient(this.base, key);
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);
  delete = (path: string) => this.request('DELETE', path);

  async request(
    method: string,
    path: string,
    body?: unknown,
    options: { raw?: string | Buffer; headers?: Record<string, string> } = {},
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.key !== undefined) headers['x-api-key'] = this.key;
    let payload: string | Buffer | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + path, { method, headers, body: payload, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }
}

/** Asserts the error envelope and answers its first error item. */
export function errorOf(answer: HttpAnswer): { name: string; message: string; payload: Record<string, any> } {
  expect(answer.body).toMatchObject({ success: false, data: null });
  expect(typeof answer.body.metadata.timestamp).toBe('string');
  expect(Array.isArray(answer.body.errors)).toBe(true);
  return answer.body.errors[0];
}

/** Asserts a 400 VALIDATION_ERROR naming `field` and `code`, and returns the error. */
export function expectValidationError(answer: HttpAnswer, field: string, code: string) {
  expect(answer.status).toBe(400);
  const e = errorOf(answer);
  expect(e.name).toBe('VALIDATION_ERROR');
  expect(e.payload).toMatchObject({ field, code });
  return e;
}

/** Polls `fn` until it answers a truthy value; fails after `timeoutMs`. */
export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 15000,
  intervalMs = 100,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end)
      throw new Error(
        `condition not met within ${timeoutMs} ms; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`,
      );
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
