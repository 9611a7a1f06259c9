import { ApiError, NetworkError } from './errors';
import type { components } from './schema';

/** The people filter set, as the OpenAPI document defines it. */
export type PeopleFilters = components['schemas']['PeopleFilters'];

export interface ClientOptions {
  /** e.g. https://api.example.com (no trailing /v2). */
  baseUrl: string;
  apiKey: string;
  /** Retries of a 429, a 503 or a network failure (only for requests safe to repeat); default 3. */
  maxRetries?: number;
  /** First backoff in ms when no Retry-After is given, doubled per retry (with jitter); default 500. */
  backoffMs?: number;
  /** Longest wait honoured from Retry-After, in ms; default 60,000. */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  /** For tests: how to wait. */
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** For a POST that takes one: defaults to a fresh random key per call, reused across this call's retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** A success answer: the envelope's `data` and `metadata`, the status and the headers. */
export interface Answer<T> {
  status: number;
  data: T;
  metadata: Record<string, any>;
  headers: Headers;
  /** True when the service replayed the first answer of this Idempotency-Key. */
  replayed: boolean;
}

/** POSTs that take an Idempotency-Key (docs/idempotency.md). */
const IDEMPOTENT_POSTS = [
  /^\/v2\/people\/save$/,
  /^\/v2\/companies\/save$/,
  /^\/v2\/email-verifications$/,
  /^\/v2\/people\/export$/,
  /^\/v2\/webhooks$/,
  /^\/v2\/lists$/,
  /^\/v2\/webhooks\/[^/]+\/test$/,
  /^\/v2\/webhooks\/[^/]+\/deliveries\/[^/]+\/resend$/,
];

export const takesIdempotencyKey = (method: string, path: string) =>
  method.toUpperCase() === 'POST' && IDEMPOTENT_POSTS.some((re) => re.test(path));

const RETRIED_STATUSES = new Set([429, 503]);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function newKey(): string {
  return globalThis.crypto.randomUUID();
}

/** A small typed layer over fetch: the API key, Idempotency-Key, retries, paging and typed errors. */
export class ProspectingClient {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: ClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = options.sleep ?? defaultSleep;
  }

  /**
   * One API call. Retries 429 and 503 (and network failures) with backoff, honouring `Retry-After`, but only when
   * the request is safe to repeat: not a POST, or a POST carrying an Idempotency-Key. Never retries another 4xx.
   */
  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'x-api-key': this.options.apiKey, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let key = options.idempotencyKey;
    if (key === undefined && takesIdempotencyKey(method, path)) key = newKey();
    if (key !== undefined) headers['idempotency-key'] = key;
    const repeatable = method.toUpperCase() !== 'POST' || key !== undefined;
    const maxRetries = repeatable ? (this.options.maxRetries ?? 3) : 0;

    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (error) {
        if (attempt >= maxRetries || options.signal?.aborted)
          throw new NetworkError(`${method} ${path}: ${(error as Error).message}`, error);
        await this.sleep(this.backoff(attempt));
        continue;
      }
      const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
      if (RETRIED_STATUSES.has(res.status) && attempt < maxRetries) {
        await res.body?.cancel();
        await this.sleep(
          retryAfter !== undefined
            ? Math.min(retryAfter * 1000, this.options.maxRetryAfterMs ?? 60_000)
            : this.backoff(attempt),
        );
        continue;
      }
      return this.read<T>(res, retryAfter);
    }
  }

  private backoff(attempt: number): number {
    const base = (this.options.backoffMs ?? 500) * 2 ** attempt;
    return base / 2 + Math.random() * (base / 2);
  }

  private async read<T>(res: Response, retryAfter?: number): Promise<Answer<T>> {
    const text = await res.text();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const error = body?.errors?.[0];
      throw new ApiError(
        res.status,
        error?.name ?? `HTTP_${res.status}`,
        error?.message ?? (text.slice(0, 200) || res.statusText),
        error?.payload ?? {},
        body?.metadata?.request_id ?? res.headers.get('x-request-id') ?? undefined,
        retryAfter,
      );
    }
    return {
      status: res.status,
      data: body?.data as T,
      metadata: body?.metadata ?? {},
      headers: res.headers,
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  }

  /** Every item of a paged list (`GET` with `?page=&per_page=`), page after page. */
  async *paginate<T = any>(path: string, query: RequestOptions['query'] = {}, perPage = 100): AsyncGenerator<T> {
    for (let page = 1; ; page++) {
      const answer = await this.request<T[]>('GET', path, { query: { ...query, page, per_page: perPage } });
      yield* answer.data;
      const totalPages = answer.metadata.pagination?.total_pages ?? 0;
      if (page >= totalPages || answer.data.length === 0) return;
    }
  }

  readonly people = {
    /** Every person matching `filters`, page after page of POST /v2/people/search. */
    search: (filters: PeopleFilters = {}, perPage = 100): AsyncGenerator<any> => this.searchPeople(filters, perPage),
    /** One page of results. */
    searchPage: (filters: PeopleFilters, page = 1, perPage = 25) =>
      this.request<any[]>('POST', '/v2/people/search', { body: { filters, page, per_page: perPage } }),
    calculateCredits: (body: { data?: unknown[]; filters?: PeopleFilters; limit?: number; exclude_ids?: string[] }) =>
      this.request('POST', '/v2/people/calculate-credits', { body }),
    save: (
      body: { data?: unknown[]; filters?: PeopleFilters; limit?: number; exclude_ids?: string[]; list_ids?: string[] },
      options: { idempotencyKey?: string } = {},
    ) => this.request('POST', '/v2/people/save', { body, ...options }),
    get: (id: string) => this.request('GET', `/v2/people/${encodeURIComponent(id)}`),
    export: (
      body: { ids?: string[]; filters?: PeopleFilters; limit?: number; exclude_ids?: string[] },
      options: { idempotencyKey?: string } = {},
    ) => this.request('POST', '/v2/people/export', { body, ...options }),
    getExport: (id: string) => this.request('GET', `/v2/people/exports/${encodeURIComponent(id)}`),
    /** The CSV of a completed export. */
    download: async (id: string): Promise<string> => {
      const res = await this.fetchImpl(`${this.base}/v2/people/exports/${encodeURIComponent(id)}/download`, {
        headers: { 'x-api-key': this.options.apiKey },
      });
      if (!res.ok) return this.read(res).then(() => '');
      return res.text();
    },
  };

  readonly companies = {
    get: (id: string) => this.request('GET', `/v2/companies/${encodeURIComponent(id)}`),
    save: (body: { data: unknown[]; list_ids?: string[] }, options: { idempotencyKey?: string } = {}) =>
      this.request('POST', '/v2/companies/save', { body, ...options }),
  };

  readonly lists = {
    create: (body: { name: string; type: 'people' | 'company' }, options: { idempotencyKey?: string } = {}) =>
      this.request('POST', '/v2/lists', { body, ...options }),
    all: (query: RequestOptions['query'] = {}) => this.paginate('/v2/lists', query),
    delete: (id: string) => this.request('DELETE', `/v2/lists/${encodeURIComponent(id)}`),
  };

  readonly emailVerifications = {
    create: (emails: string[], options: { idempotencyKey?: string } = {}) =>
      this.request('POST', '/v2/email-verifications', { body: { emails }, ...options }),
    get: (id: string) => this.request('GET', `/v2/email-verifications/${encodeURIComponent(id)}`),
  };

  readonly webhooks = {
    create: (
      body: { url: string; events: string[]; description?: string },
      options: { idempotencyKey?: string } = {},
    ) => this.request('POST', '/v2/webhooks', { body, ...options }),
    all: () => this.paginate('/v2/webhooks'),
    test: (id: string, options: { idempotencyKey?: string } = {}) =>
      this.request('POST', `/v2/webhooks/${encodeURIComponent(id)}/test`, options),
    deliveries: (id: string, query: RequestOptions['query'] = {}) =>
      this.paginate(`/v2/webhooks/${encodeURIComponent(id)}/deliveries`, query),
    resend: (id: string, deliveryId: string, options: { idempotencyKey?: string } = {}) =>
      this.request(
        'POST',
        `/v2/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        options,
      ),
    delete: (id: string) => this.request('DELETE', `/v2/webhooks/${encodeURIComponent(id)}`),
  };

  workspace = () => this.request('GET', '/v2/workspace');

  private async *searchPeople(filters: PeopleFilters, perPage: number): AsyncGenerator<any> {
    for (let page = 1; ; page++) {
      const answer = await this.people.searchPage(filters, page, perPage);
      yield* answer.data;
      const totalPages = answer.metadata.pagination?.total_pages ?? 0;
      if (page >= totalPages || answer.data.length === 0) return;
    }
  }
}

/** Retry-After in seconds (a number, or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
