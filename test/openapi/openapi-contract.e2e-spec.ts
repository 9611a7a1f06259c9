import { spawnSync } from 'node:child_process';
import { peopleFiltersJsonSchema } from '../../libs/search/src/filters/validate-filters';
import { ROOT } from '../support/processes';
import { startStack, TestStack } from '../support/stack';

/**
 * What a client generator needs from the served document (issue 25 point 1): the filter schema is the validator's
 * own table, every error answer has the envelope's schema, the webhook events are described with their signature
 * headers, and the POSTs that take an Idempotency-Key say so.
 */
/** Every event type the service sends (SUBSCRIBABLE_EVENT_TYPES of libs/database/src/outbox.ts, which Jest cannot load, and webhook.test). */
const EVENT_TYPES = ['person.saved', 'person.email_found', 'company.saved', 'webhook.test'];

const IDEMPOTENT = [
  'post /v2/people/save',
  'post /v2/companies/save',
  'post /v2/email-verifications',
  'post /v2/people/export',
  'post /v2/webhooks',
  'post /v2/lists',
  'post /v2/webhooks/{id}/test',
  'post /v2/webhooks/{id}/deliveries/{delivery_id}/resend',
];

/** The document through SwaggerParser.validate in a child process (ES modules), null when valid. */
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

describe('OpenAPI document for client generators', () => {
  let stack: TestStack;
  let doc: any;

  beforeAll(async () => {
    stack = await startStack();
    doc = (await stack.anon.get('/docs-json')).body;
  });
  afterAll(() => stack?.close());

  const operations = () =>
    Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([method, op]) => ({ at: `${method} ${path}`, op })),
    );

  it('passes the validator', () => expect(openApiProblem(doc)).toBeNull());

  it('serves the filter schema the validator is built from, on every operation taking filters', () => {
    expect(doc.components.schemas.PeopleFilters).toEqual(JSON.parse(JSON.stringify(peopleFiltersJsonSchema())));
    const takers: string[] = [];
    for (const { at, op } of operations()) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      const schema = body?.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
      const filters = schema?.properties?.filters;
      if (!filters) continue;
      takers.push(at);
      expect({ at, filters: filters.allOf }).toEqual({ at, filters: [{ $ref: '#/components/schemas/PeopleFilters' }] });
    }
    expect(takers.sort()).toEqual([
      'post /v2/people/calculate-credits',
      'post /v2/people/export',
      'post /v2/people/save',
      'post /v2/people/search',
    ]);
  });

  it('gives every answer a schema, errors the error envelope', () => {
    const missing: string[] = [];
    for (const { at, op } of operations()) {
      for (const [status, answer] of Object.entries<any>(op.responses)) {
        const contents = Object.values<any>(answer.content ?? {});
        if (status === '204' || status === '304') continue;
        if (contents.length === 0 || contents.some((c) => !c.schema)) missing.push(`${at} ${status}`);
        if (
          Number(status) >= 400 &&
          contents[0]?.schema?.$ref &&
          contents[0].schema.$ref !== '#/components/schemas/ErrorEnvelope'
        )
          missing.push(`${at} ${status}: not the envelope`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes every webhook event with its body schema and signature headers', () => {
    const hooks = doc['x-webhooks'];
    expect(Object.keys(hooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const [type, item] of Object.entries<any>(hooks)) {
      const headers = item.post.parameters.filter((p: any) => p.in === 'header').map((p: any) => p.name);
      expect(headers).toEqual(
        expect.arrayContaining(['X-Service-Signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']),
      );
      const ref = item.post.requestBody.content['application/json'].schema.$ref;
      const schema = doc.components.schemas[ref.split('/').pop()];
      expect({ type, enum: schema.properties.type.enum, required: schema.required }).toEqual({
        type,
        enum: [type],
        required: ['id', 'type', 'created_at', 'data'],
      });
    }
    expect(doc.components.schemas.PersonEmailFoundEvent.properties.data.properties.email).toEqual({ type: 'string' });
  });

  it('documents Idempotency-Key on the POSTs that take it, and only there', () => {
    const withHeader = operations()
      .filter(({ op }) => (op.parameters ?? []).some((p: any) => p.in === 'header' && p.name === 'Idempotency-Key'))
      .map(({ at }) => at);
    expect(withHeader.sort()).toEqual([...IDEMPOTENT].sort());
    const header = doc.paths['/v2/lists'].post.parameters.find((p: any) => p.name === 'Idempotency-Key');
    expect(header.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
  });
});
