import { describesShape, fillAnswerSchemasFromExamples, schemaFromExample } from './example-schema';

describe('schemaFromExample', () => {
  it('reads types, members, items and date-times off an example answer', () => {
    const example = {
      success: true,
      data: { id: 'x', count: 2, ratio: 0.5, tags: ['a'], saved: null, at: '2026-11-22T00:00:00.000Z' },
      metadata: { timestamp: '2026-11-22T00:00:00.000Z' },
    };
    expect(schemaFromExample(example)).toEqual({
      type: 'object',
      properties: {
        success: { type: 'boolean' },
        data: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            count: { type: 'integer' },
            ratio: { type: 'number' },
            tags: { type: 'array', items: { type: 'string' } },
            saved: { nullable: true },
            at: { type: 'string', format: 'date-time' },
          },
        },
        metadata: { type: 'object', properties: { timestamp: { type: 'string', format: 'date-time' } } },
      },
    });
    expect(schemaFromExample([])).toEqual({ type: 'array', items: {} });
  });
});

describe('fillAnswerSchemasFromExamples', () => {
  it('gives an example-only answer the schema of its example, keeps the example, and leaves described answers alone', () => {
    const paths: Record<string, Record<string, any>> = {
      '/a': {
        get: { responses: { 200: { content: { 'application/json': { schema: { example: { ok: true } } } } } } },
        post: {
          responses: { 201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/X' } } } } },
        },
        put: { responses: { 200: { content: { 'application/json': { examples: { one: { value: [1] } } } } } } },
      },
    };
    fillAnswerSchemasFromExamples(paths);
    expect(paths['/a'].get.responses[200].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { ok: { type: 'boolean' } },
      example: { ok: true },
    });
    expect(paths['/a'].post.responses[201].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/X',
    });
    expect(paths['/a'].put.responses[200].content['application/json'].schema).toEqual({
      type: 'array',
      items: { type: 'integer' },
    });
    expect(describesShape({ example: 1 })).toBe(false);
    expect(describesShape({ type: 'object' })).toBe(true);
  });

  it('points a metadata.pagination read off an example at the shared pagination schema', () => {
    const example = {
      success: true,
      data: { results: [] },
      metadata: { timestamp: '2026-11-22T00:00:00.000Z', pagination: { page: 1 } },
    };
    const paths: Record<string, Record<string, any>> = {
      '/job': { get: { responses: { 200: { content: { 'application/json': { schema: { example } } } } } } },
    };
    fillAnswerSchemasFromExamples(paths, '#/components/schemas/PaginationSchema');
    const schema = paths['/job'].get.responses[200].content['application/json'].schema;
    expect(schema.properties.metadata.properties.pagination).toEqual({ $ref: '#/components/schemas/PaginationSchema' });
    expect(schema.example).toBe(example);
  });
});
