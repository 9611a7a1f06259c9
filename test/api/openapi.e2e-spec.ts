import { spawnSync } from 'node:child_process';
import { describesShape } from '../../apps/api/src/docs/example-schema';
import { ROOT } from '../support/processes';
import { startStack, TestStack } from '../support/stack';

/**
 * `SwaggerParser.validate(doc)` in a child Node process: the parser loads ES modules, which Jest on Node 20
 * cannot. Answers null when valid, else the parser's message.
 */
function openApiProblem(doc: unknown): string | null {
  const script = `
    import SwaggerParser from '@apidevtools/swagger-parser';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    try { await SwaggerParser.validate(JSON.parse(text)); } catch (error) { process.stdout.write(error.message); process.exit(1); }`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    input: JSON.stringify(doc),
    encoding: 'utf8',
  });
  return result.status === 0 ? null : result.stdout || result.stderr || `exit ${result.status}`;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `/v2/webhooks/:id` and `/v2/webhooks/{id}` both become `/v2/webhooks/{}`. */
const normalise = (path: string) =>
  path
    .replace(/:[A-Za-z0-9_]+/g, '{}')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/+$/, '') || '/';

/** The routes Nest mapped at start-up, from its "Mapped {/path, METHOD} route" log lines. */
function mappedRoutes(log: string): string[] {
  const routes = new Set<string>();
  for (const match of log.matchAll(/Mapped \{([^,}]+), ([A-Z]+)\} route/g))
    routes.add(`${match[2].toLowerCase()} ${normalise(match[1])}`);
  return [...routes].sort();
}

/** The operation's 2xx answers: the one(s) a client is built against. */
const successAnswers = (op: any) =>
  Object.entries<any>(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));

/** A schema, through its $ref. */
const deref = (doc: any, schema: any) =>
  schema?.$ref
    ? schema.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: any, part: string) => node?.[part], doc)
    : schema;

/** A media type object carries an example: its own `example`/`examples`, or one on its schema. */
const hasExample = (doc: any, media: any) =>
  media?.example !== undefined ||
  Object.keys(media?.examples ?? {}).length > 0 ||
  deref(doc, media?.schema)?.example !== undefined;

/** What operations lack: a summary, a request schema and example (Nest documents every `@Body()`), an answer schema and example, parameter schemas. */
function documentationGaps(doc: any): string[] {
  const gaps: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(item).filter(([m]) => METHODS.includes(m))) {
      const at = `${method} ${path}`;
      if (!op.summary?.trim()) gaps.push(`${at}: summary`);
      for (const parameter of op.parameters ?? [])
        if (!parameter.schema) gaps.push(`${at}: schema of parameter ${parameter.name}`);
      if (op.requestBody) {
        const media = op.requestBody.content?.['application/json'];
        if (!describesShape(media?.schema)) gaps.push(`${at}: request schema`);
        if (!hasExample(doc, media)) gaps.push(`${at}: request example`);
      }
      const answers = successAnswers(op);
      if (answers.length === 0) gaps.push(`${at}: a 2xx answer`);
      for (const [status, answer] of answers) {
        const contents = Object.values<any>(answer.content ?? {});
        if (contents.length === 0 || contents.some((media) => !describesShape(media.schema)))
          gaps.push(`${at}: ${status} answer schema`);
        if (!contents.some((media) => hasExample(doc, media))) gaps.push(`${at}: ${status} answer example`);
      }
    }
  }
  return gaps;
}

describe('OpenAPI document and Swagger UI', () => {
  let stack: TestStack;
  let doc: any;

  beforeAll(async () => {
    stack = await startStack();
    const res = await stack.anon.get('/docs-json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => stack?.close());

  it('is a valid OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(openApiProblem(doc)).toBeNull();
    // The validator really validates: a broken document is refused.
    expect(
      openApiProblem({ ...doc, paths: { '/x': { get: { responses: { 200: { $ref: '#/nowhere' } } } } } }),
    ).not.toBeNull();
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  it('declares the x-api-key security scheme and requires it by default', () => {
    const schemes: any[] = Object.values(doc.components?.securitySchemes ?? {});
    expect(schemes).toContainEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }));
    const [name] = Object.entries(doc.components.securitySchemes).find(
      ([, s]: [string, any]) => s.name === 'x-api-key',
    )!;
    expect(doc.security).toContainEqual({ [name]: [] });
  });

  it('lists every route the app serves, and only those', () => {
    const mapped = mappedRoutes(stack.api.log());
    expect(mapped).toEqual(expect.arrayContaining(['get /health', 'get /v2/workspace']));
    const documented: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item).filter((m) => METHODS.includes(m)))
        documented.push(`${method} ${normalise(path)}`);
    }
    expect(mapped.filter((r) => !documented.includes(r))).toEqual([]); // served but not documented
    expect(documented.filter((r) => !mapped.includes(r))).toEqual([]); // documented but not served
  });

  it('gives every operation a summary, a tag and at least one answer', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item).filter(([m]) => METHODS.includes(m))) {
        if (!op.summary) missing.push(`${method} ${path}: summary`);
        if (!op.tags?.length) missing.push(`${method} ${path}: tags`);
        if (!op.responses || Object.keys(op.responses).length === 0) missing.push(`${method} ${path}: responses`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every operation its request schema and example, its answer schema and example', () => {
    expect(documentationGaps(doc)).toEqual([]);
    // The check really checks: an operation stripped of its examples and summary is reported.
    const [path, item] = Object.entries<any>(doc.paths).find(([p]) => p === '/v2/lists')!;
    const stripped = {
      ...item.post,
      summary: '',
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { 201: { description: 'x' } },
    };
    expect(documentationGaps({ ...doc, paths: { [path]: { post: stripped } } })).toEqual([
      'post /v2/lists: summary',
      'post /v2/lists: request example',
      'post /v2/lists: 201 answer schema',
      'post /v2/lists: 201 answer example',
    ]);
  });

  it('the health probes need no key in the document', () => {
    for (const path of ['/health', '/health/live', '/health/ready'])
      expect({ path, security: doc.paths[path]?.get.security }).toEqual({ path, security: [] });
  });

  it('serves the Swagger UI at /docs without a key', async () => {
    const res = await fetch(`${stack.base}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toMatch(/swagger-ui/i);
  });
});
