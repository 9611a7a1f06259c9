import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export const API_KEY_SCHEME = 'api-key';

/** The OpenAPI document generated from the controllers and DTOs. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Prospecting Workspace Service')
    .setDescription(
      'JSON API for people and company contact data: credit previews, saves, lists, bulk email verification and signed webhooks. ' +
        'Every answer is an envelope `{success, data, metadata, errors?}`; authenticate with the `x-api-key` header.',
    )
    .setVersion('2.0.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key', description: 'API key of a workspace member' }, API_KEY_SCHEME)
    .addSecurityRequirements(API_KEY_SCHEME)
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Swagger UI at /docs and the document at /docs-json. */
export function mountDocs(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json', yamlDocumentUrl: 'docs-yaml' });
}
