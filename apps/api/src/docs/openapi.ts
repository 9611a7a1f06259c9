import { INestApplication } from '@nestjs/common';
import { PaginationSchema } from '@app/common';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { peopleFiltersJsonSchema } from '@app/search/filters/validate-filters';
import { fillAnswerSchemasFromExamples } from './example-schema';
import { PEOPLE_FILTERS_SCHEMA } from './schema-refs';
import { webhookEvents } from './webhook-events';

export const API_KEY_SCHEME = 'api-key';

/** The OpenAPI document generated from the controllers and DTOs. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Prospecting Workspace Service')
    .setDescription(
      'JSON API for people and company contact data: credit previews, saves, lists, bulk email verification and signed webhooks. ' +
        'Every answer is an envelope `{success, data, metadata, errors?}`; authenticate with the `x-api-key` header ' +
        '(checked before the body is read). ' +
        '**Lists**: every operation that answers a collection puts the array in `data` and `metadata.pagination` = ' +
        '`{page, per_page, total_count, total_pages}` (schema `PaginationSchema`); `?page=` (1-100000, default 1) and `?per_page=` ' +
        '(1-100, default 25) page it; a page past the end is empty with the same totals. ' +
        '**Strict HTTP**: paths are case-sensitive; a query parameter an operation does not list answers 400 `unknown_field`; ' +
        'a known path with another method answers 405 with `Allow`, and `OPTIONS` answers 204 with `Allow`; a body must be JSON ' +
        "(415 otherwise). Errors beyond 400, 401, 404, 429 and 500: 405 `METHOD_NOT_ALLOWED`, 410 `GONE` (an export's file after its retention), 413 `PAYLOAD_TOO_LARGE`, 415 `UNSUPPORTED_MEDIA_TYPE`.",
    )
    .setVersion('2.0.0')
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'API key of a workspace member' },
      API_KEY_SCHEME,
    )
    .addSecurityRequirements(API_KEY_SCHEME)
    // What any operation may answer besides its own documented answers (docs/api.md#errors).
    .addGlobalResponse(
      {
        status: 401,
        description:
          'UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes)',
      },
      {
        status: 405,
        description:
          'METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does',
      },
      {
        status: 413,
        description:
          "PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, " +
          'preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies)',
      },
      { status: 415, description: 'UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON' },
      {
        status: 503,
        description:
          'UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down")',
      },
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  fillAnswerSchemasFromExamples(document.paths, getSchemaPath(PaginationSchema));
  // The filter schema comes from the validator's own table (libs/search/src/filters/filter-schema.ts).
  const events = webhookEvents();
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      [PEOPLE_FILTERS_SCHEMA]: peopleFiltersJsonSchema(),
      [ERROR_ENVELOPE_SCHEMA]: ERROR_ENVELOPE,
      ...events.schemas,
    },
  };
  giveErrorAnswersTheirSchema(document.paths, `#/components/schemas/${ERROR_ENVELOPE_SCHEMA}`);
  // OpenAPI 3.0 has no `webhooks` member (3.1 has); generators read `x-webhooks`.
  (document as OpenAPIObject & { 'x-webhooks': unknown })['x-webhooks'] = events.webhooks;
  return document;
}

const ERROR_ENVELOPE_SCHEMA = 'ErrorEnvelope';

/** Every 4xx and 5xx answer: `errors[0].name`, `.message` and `.payload` (`field` and `code` on a 400 VALIDATION_ERROR). */
const ERROR_ENVELOPE = {
  type: 'object',
  required: ['success', 'data', 'metadata', 'errors'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    data: { nullable: true, enum: [null] },
    metadata: {
      type: 'object',
      required: ['timestamp'],
      properties: { timestamp: { type: 'string', format: 'date-time' }, request_id: { type: 'string' } },
    },
    errors: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name', 'message', 'payload'],
        properties: {
          name: { type: 'string', example: 'VALIDATION_ERROR' },
          message: { type: 'string' },
          payload: {
            type: 'object',
            additionalProperties: true,
            properties: {
              field: { type: 'string' },
              code: {
                type: 'string',
                enum: [
                  'out_of_range',
                  'conflicting_fields',
                  'unknown_field',
                  'invalid_value',
                  'invalid_format',
                  'too_deep',
                  'too_many_values',
                  'too_many_keys',
                ],
              },
            },
          },
        },
      },
    },
  },
};

/** Error answers documented by a description only get the error envelope's schema. */
function giveErrorAnswersTheirSchema(paths: OpenAPIObject['paths'], ref: string): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values<any>(item)) {
      for (const [status, answer] of Object.entries<any>(operation?.responses ?? {})) {
        if (Number(status) >= 400 && answer && !answer.$ref && !answer.content)
          answer.content = { 'application/json': { schema: { $ref: ref } } };
      }
    }
  }
}

/** Swagger UI at /docs and the document at /docs-json. */
export function mountDocs(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json', yamlDocumentUrl: 'docs-yaml' });
}
