/**
 * Request generators and a keep-alive runner for the HTTP fuzz test (test/api/fuzz.e2e-spec.ts, `npm run fuzz`).
 *
 * Operations come from the OpenAPI document the API serves, so a new route is fuzzed without editing this
 * file. Bodies are generated as JSON TEXT, not objects: that is the only way to send `__proto__` keys,
 * duplicate keys, `1e400`, `-0` and lone surrogates exactly as a hostile client would.
 */
import fc from 'fast-check';
import http from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { TestDatabase } from './database';

export interface Operation {
  method: string;
  /** OpenAPI path, `/v2/webhooks/{id}`. */
  path: string;
  queryNames: string[];
  bodySchema?: Schema;
}

export interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What the body was before compression, for the failure report. */
  description: string;
  /** The request cannot be legal (an undeclared field, a wrong shape): any 2xx to it is a failure too. */
  mustReject: boolean;
  /** Names of the path parameters: a malformed path id answers (docs/api.md#errors) with `payload.field` and no `payload.code`. */
  pathFields: string[];
}

export interface FuzzAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const HTTP_METHODS = ['get', 'post', 'patch', 'put', 'delete'];
export const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Every operation of the served document, with its query names and body schema ($refs resolved lazily). */
export function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const queryNames = (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name as string);
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      ops.push({ method: method.toUpperCase(), path, queryNames, bodySchema });
    }
  }
  return ops;
}

// ------------------------------------------------------------------------------------------ leaves

/** Strings of raw UTF-16 code units: lone surrogates and NUL included. */
const codeUnitString = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ufeff',
  '\u202e',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩‍👩‍👧‍👦',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e400',
  '0x1F',
  '9'.repeat(40),
  ' 1',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  "'; DROP TABLE companies; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'a'.repeat(10_000),
  'x@y',
  'http://127.0.0.1/',
  'https://example.com/hook',
  '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  '5c0000000000000000000001',
  '2026-13-45',
  '2026-01-01T00:00:00Z',
];
const EDGE_NUMBERS = [
  '0',
  '-0',
  '1',
  '-1',
  '0.5',
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '5e-324',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '123456789012345678901234567890',
  '1.0000000000000000001',
  '1E2',
  '100000',
  '1e-7',
];

const jsonString = fc
  .oneof(fc.constantFrom(...EDGE_STRINGS), codeUnitString, fc.string({ unit: 'binary', maxLength: 30 }))
  .map((s) => JSON.stringify(s));
const jsonNumber = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
);
const jsonLeaf = fc.oneof(jsonString, jsonNumber, fc.constantFrom('true', 'false', 'null', '{}', '[]'));

const SPECIAL_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  'toString',
  'hasOwnProperty',
  '\u0000',
  '\ud800',
  'a.b',
  'a[0]',
];

const objectText = (entries: [string, string][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** 1,000 levels of arrays or objects around a leaf. */
const deepNesting = fc
  .tuple(fc.constantFrom('array', 'object'), fc.integer({ min: 990, max: 1100 }))
  .map(([kind, depth]) =>
    kind === 'array' ? '['.repeat(depth) + '1' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );
/** Large arrays; the API's declared item limits are in the hundreds to thousands. */
const hugeArray = fc
  .tuple(
    fc.integer({ min: 1_000, max: 20_000 }),
    fc.constantFrom('1', '"x"', 'null', '{}', '"5c0000000000000000000001"'),
  )
  .map(([n, item]) => `[${new Array(n).fill(item).join(',')}]`);

/** Arbitrary JSON text with hostile keys and leaves. */
const { anyJson } = fc.letrec<{ anyJson: string }>((tie) => ({
  anyJson: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: jsonLeaf, weight: 6 },
    { arbitrary: fc.array(tie('anyJson'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`), weight: 2 },
    {
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...SPECIAL_KEYS), codeUnitString), tie('anyJson')), { maxLength: 4 })
        .map(objectText),
      weight: 2,
    },
    { arbitrary: deepNesting, weight: 1 },
  ),
}));
export const anyJsonText = anyJson;

// ------------------------------------------------------------------------------------------ schema-guided bodies

function resolve(doc: any, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++)
    s = s.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: any, part) => node?.[part], doc);
  if (s?.allOf?.length)
    return s.allOf
      .map((part) => resolve(doc, part) ?? {})
      .reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties } }), {} as Schema);
  return s;
}

/** A value for `schema`: usually near-valid (right keys, edge values), often wrong at that depth. */
function valueFor(doc: any, schema: Schema | undefined, depth: number): fc.Arbitrary<string> {
  const s = resolve(doc, schema);
  const variant = s?.oneOf ?? s?.anyOf;
  if (variant?.length && depth < 4) return fc.oneof(...variant.map((v) => valueFor(doc, v, depth + 1)));
  let plausible: fc.Arbitrary<string> | undefined;
  if (s?.enum?.length) plausible = fc.constantFrom(...s.enum.map((v) => JSON.stringify(v)));
  else if (s?.properties && depth < 4) plausible = objectFor(doc, s, depth);
  else if ((s?.type === 'array' || s?.items) && depth < 4) {
    plausible = fc.oneof(
      {
        arbitrary: fc.array(valueFor(doc, s.items, depth + 1), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
        weight: 5,
      },
      { arbitrary: hugeArray, weight: 1 },
    );
  } else if (s?.type === 'integer' || s?.type === 'number') plausible = jsonNumber;
  else if (s?.type === 'boolean') plausible = fc.constantFrom('true', 'false', '"true"', '0', '1');
  else if (s?.type === 'string') plausible = jsonString;
  if (!plausible) return anyJson;
  return fc.oneof(
    { arbitrary: plausible, weight: 8 },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: deepNesting, weight: 1 },
  );
}

function objectFor(doc: any, schema: Schema, depth: number, extraKey = false): fc.Arbitrary<string> {
  const names = Object.keys(schema.properties ?? {});
  const required = names.filter((n) => schema.required?.includes(n));
  // Required members are usually all there, so validation goes past "missing" to the values themselves.
  const picked = fc
    .tuple(fc.subarray(names), fc.integer({ min: 0, max: 9 }))
    .map(([some, dice]) => (dice < 8 ? [...new Set([...required, ...some])] : some));
  const declared = names.length
    ? picked.chain((picked) =>
        fc.tuple(
          ...picked.map((name) =>
            valueFor(doc, schema.properties![name], depth + 1).map((v) => [name, v] as [string, string]),
          ),
        ),
      )
    : fc.constant([] as [string, string][]);
  const hostile = fc.array(fc.tuple(fc.constantFrom(...SPECIAL_KEYS), anyJson), { maxLength: extraKey ? 2 : 1 });
  return fc.tuple(declared, hostile, fc.integer({ min: 0, max: 4 })).map(([entries, bad, dice]) => {
    const keep = dice === 0;
    const all: [string, string][] = [...entries];
    if (extraKey) all.push(['fuzz_undeclared_field', '1']);
    // Hostile keys (`__proto__`, `constructor`, …) are undeclared too: sometimes, or always when asked to be rejected.
    if (extraKey || keep) all.push(...bad);
    return objectText(all);
  });
}

// ------------------------------------------------------------------------------------------ paths and queries

const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .split('')
      .map((c) => '%' + (c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0'))
      .join(''); // lone surrogates
  }
};
const RAW_SEGMENTS = [
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%00',
  '%FF',
  '%C0%AF',
  '%ED%A0%80',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '',
  'null',
  'undefined',
  '-1',
  '0',
  '1e308',
  'NaN',
  'x'.repeat(5000),
];

export function pathIdArb(knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 3 },
    { arbitrary: fc.oneof(codeUnitString, fc.constantFrom(...EDGE_STRINGS)).map(encode), weight: 3 },
    { arbitrary: fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/), weight: 1 },
    { arbitrary: fc.stringMatching(/^[0-9a-f]{24}$/), weight: 1 },
    { arbitrary: knownIds.length ? fc.constantFrom(...knownIds) : fc.constant('x'), weight: 2 },
  );
}

const queryValue = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS, ...RAW_SEGMENTS.slice(0, 8)),
  fc.oneof(codeUnitString, fc.constantFrom(...EDGE_STRINGS)).map(encode),
);
const bracketSuffix = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '[]',
    '[0]',
    '[__proto__]',
    '[constructor][prototype]',
    '[a][b]',
    '[999999]',
    '[' + 'a]['.repeat(30) + 'a]',
  ),
);

export function queryArb(names: string[], extraName: boolean): fc.Arbitrary<string> {
  const name = fc.oneof(
    { arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('page'), weight: 4 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', ''), weight: 1 },
  );
  const pair = fc.tuple(name, bracketSuffix, queryValue).map(([n, b, v]) => `${encode(n)}${b}=${v}`);
  return fc.tuple(fc.array(pair, { maxLength: 5 }), fc.integer({ min: 0, max: 20 })).map(([pairs, repeat]) => {
    const all = [...pairs];
    if (repeat > 18 && pairs.length) all.push(...new Array(2000).fill(pairs[0])); // a long repeated parameter
    if (extraName) all.push('fuzz_undeclared_param=1');
    return all.join('&');
  });
}

// ------------------------------------------------------------------------------------------ whole requests

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/vnd.api+json',
  '',
];
const ENCODINGS = ['', '', '', '', 'gzip', 'deflate', 'br', 'identity', 'gzip, br', 'zstd', 'x-unknown'];

function compress(encoding: string, raw: Buffer): Buffer {
  if (encoding === 'gzip') return gzipSync(raw);
  if (encoding === 'deflate') return deflateSync(raw);
  if (encoding === 'br') return brotliCompressSync(raw);
  if (encoding === 'gzip, br') return brotliCompressSync(gzipSync(raw));
  return raw; // identity; zstd and unknown names are sent uncompressed and must be refused
}

/** A request for `op`; `mustReject` phases add an undeclared field or parameter so no valid request slips in. */
export function requestArb(
  doc: any,
  op: Operation,
  options: { mustReject: boolean; apiKey: string; knownIds: string[] },
): fc.Arbitrary<FuzzRequest> {
  const segments = op.path.split('/');
  const pathFields = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  const idCount = pathFields.length;
  const body = op.bodySchema
    ? fc.oneof(
        { arbitrary: objectFor(doc, resolve(doc, op.bodySchema) ?? {}, 0, options.mustReject), weight: 6 },
        { arbitrary: anyJson.filter((t) => !options.mustReject || !t.startsWith('{')), weight: 2 },
        { arbitrary: hugeArray, weight: 1 },
        {
          arbitrary: fc.constantFrom(
            '{',
            '{"a":}',
            '{"a":1,}',
            'NaN',
            "{'a':1}",
            '{"a":1e400}',
            '\u0000',
            '{"a":"\\ud800"}',
            '{"a":"\\u0000"}',
          ),
          weight: 1,
        },
      )
    : fc.option(anyJson, { nil: undefined, freq: 3 });
  // Paths with ids may be answered 404 before the query is read, so the undeclared parameter is for id-less paths.
  const query = queryArb(op.queryNames, options.mustReject && (idCount === 0 || !op.bodySchema));
  return fc
    .record({
      ids: fc.array(pathIdArb(options.knownIds), { minLength: idCount, maxLength: idCount }),
      // A mutation without a body is rejected by its undeclared parameter, so it always has one.
      query: options.mustReject && !op.bodySchema ? query : fc.option(query, { nil: undefined, freq: 2 }),
      body,
      contentType: fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 3 },
        { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 2 },
      ),
      encoding: fc.oneof(
        { arbitrary: fc.constant(''), weight: 3 },
        { arbitrary: fc.constantFrom(...ENCODINGS), weight: 2 },
      ),
      key: fc.oneof(
        { arbitrary: fc.constant(options.apiKey), weight: 20 },
        { arbitrary: fc.constantFrom('', 'wrong', '\u00ff' + 'k'.repeat(300)), weight: 1 },
      ),
    })
    .map(({ ids, query: q, body: text, contentType, encoding, key }) => {
      let i = 0;
      const path = segments.map((s) => (s.startsWith('{') ? ids[i++] : s)).join('/') + (q !== undefined ? `?${q}` : '');
      const headers: Record<string, string> = { 'x-api-key': key };
      let payload: Buffer | undefined;
      if (text !== undefined) {
        payload = compress(encoding, Buffer.from(text, 'utf8'));
        if (contentType) headers['content-type'] = contentType;
        if (encoding) headers['content-encoding'] = encoding;
      }
      const shown =
        text === undefined ? '' : text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
      return {
        method: op.method,
        path,
        headers,
        body: payload,
        description: `${op.method} ${path.slice(0, 400)} ${JSON.stringify(headers)} ${shown}`,
        mustReject: options.mustReject,
        pathFields,
      };
    });
}

// ------------------------------------------------------------------------------------------ sending and judging

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function send(base: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(base);
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body) headers['content-length'] = request.body.length;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        agent,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(request.body);
  });
}

export function closeAgent(): void {
  agent.destroy();
}

/** What is wrong with an answer, or null: no 5xx, every 4xx in the envelope (400s name a field and a code). */
export function problemWith(request: FuzzRequest, answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 200 && answer.status < 300) {
    if (request.mustReject)
      return `accepted (${answer.status}) a request that must be rejected: ${answer.text.slice(0, 200)}`;
    return null;
  }
  if (answer.status < 400)
    return request.mustReject ? `answered ${answer.status} to a request that must be rejected` : null;
  let body: any;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `answered ${answer.status} without a JSON body: ${answer.text.slice(0, 200)}`;
  }
  const envelope =
    body &&
    body.success === false &&
    body.data === null &&
    Array.isArray(body.errors) &&
    body.errors.length > 0 &&
    typeof body.metadata?.timestamp === 'string';
  if (!envelope) return `answered ${answer.status} outside the envelope: ${answer.text.slice(0, 200)}`;
  for (const e of body.errors) {
    if (
      typeof e?.name !== 'string' ||
      typeof e?.message !== 'string' ||
      typeof e?.payload !== 'object' ||
      e.payload === null
    )
      return `malformed error item: ${JSON.stringify(e).slice(0, 200)}`;
  }
  if (answer.status === 400) {
    const e = body.errors[0];
    const codeOptional = request.pathFields.includes(e.payload.field);
    if (
      e.name !== 'VALIDATION_ERROR' ||
      typeof e.payload.field !== 'string' ||
      (typeof e.payload.code !== 'string' && !codeOptional)
    )
      return `400 without payload.field/code: ${answer.text.slice(0, 200)}`;
  }
  return null;
}

// ------------------------------------------------------------------------------------------ database fingerprint

/** Row count and md5 of every table's rows (ordered by their text, so no primary key is needed), computed in SQL. */
export async function tableFingerprints(db: TestDatabase, exclude: string[] = []): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (exclude.includes(name)) continue;
    const [row] = await db.query<{ n: string; sum: string }>(
      `SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM ${name} t`,
    );
    out[name] = `${row.n} rows, md5 ${row.sum}`;
  }
  return out;
}

/** Node's default limit on a request's line plus headers. */
const MAX_HEAD_BYTES = 16 * 1024;
const headOverLimit = (request: FuzzRequest) =>
  request.path.length + JSON.stringify(request.headers).length > MAX_HEAD_BYTES;

/** Runs `requests` with `concurrency` in flight; answers the problems found (at most `limit`). */
export async function runAll(
  base: string,
  requests: FuzzRequest[],
  options: { concurrency: number; alive: () => boolean; limit?: number },
): Promise<{ problems: string[]; statuses: Record<number, number> }> {
  const problems: string[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < requests.length && problems.length < (options.limit ?? 20)) {
      const request = requests[next++];
      try {
        const answer = await send(base, request);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        const problem = problemWith(request, answer);
        if (problem) problems.push(`${problem}\n    request: ${request.description}`);
      } catch (error) {
        if (!options.alive()) problems.push(`the API process died\n    request: ${request.description}`);
        // The server answers an over-long head 431 and closes without reading the body; writing the rest may then
        // meet a reset. Not a failure of the server (which stays up, checked above); anything else is.
        else if (headOverLimit(request) && (error as NodeJS.ErrnoException).code === 'ECONNRESET')
          statuses[0] = (statuses[0] ?? 0) + 1;
        else problems.push(`transport error ${(error as Error).message}\n    request: ${request.description}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { problems, statuses };
}
