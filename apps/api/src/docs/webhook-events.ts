import { COMPANY_EXAMPLE } from '../companies/company.example';
import { PERSON_EXAMPLE } from '../people/person.example';
import { JsonSchema, schemaFromExample } from './example-schema';

const CREATED_AT = '2026-11-23T03:00:00.000Z';
const LIST_ID = 'lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C';
const PERSON_SAVED = { person: PERSON_EXAMPLE, saved_at: CREATED_AT, list_ids: [LIST_ID] };

/** Every event the service delivers, with an example body (`data` as the worker sends it) and what causes it. */
const EVENTS: Record<string, { summary: string; data: Record<string, unknown> }> = {
  'person.saved': { summary: 'A person was saved, or added to more lists (POST /v2/people/save)', data: PERSON_SAVED },
  'person.email_found': {
    summary: "A save revealed a person's email to the workspace (charged one credit); `data.email` is the address",
    data: { ...PERSON_SAVED, email: 'jose.garcia@acme.example' },
  },
  'company.saved': {
    summary: 'A company was saved, or added to more lists (POST /v2/companies/save)',
    data: { company: COMPANY_EXAMPLE, saved_at: CREATED_AT, list_ids: [] },
  },
  'webhook.test': {
    summary: 'Sent on request by POST /v2/webhooks/{id}/test, to that webhook only',
    data: { webhook_id: 'wh_01JD2Y7Q3X5Z8B1D4F6H8K0M2P' },
  },
};

/** The headers of every delivery: both signature schemes (docs/webhook-delivery.md, README "What a delivery looks like"). */
const DELIVERY_HEADERS = [
  [
    'X-Service-Signature',
    't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whole secret>; one v1 per live secret',
    't=1763770000,v1=5257a869…',
  ],
  [
    'webhook-id',
    'Standard Webhooks: the event id (`evt_…`), the same on every attempt',
    'evt_01JD2YA9F4H6K8M0P2R4T6V8X0',
  ],
  ['webhook-timestamp', 'Standard Webhooks: unix seconds of this attempt', '1763770000'],
  [
    'webhook-signature',
    'Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of "<id>.<t>.<raw body>" keyed with the bytes after whsec_>`',
    'v1,K5oZfzN95Z9U…',
  ],
  ['X-Service-Event-Type', 'the event type', 'company.saved'],
  ['X-Service-Delivery-Attempt', 'attempt number, from 1', '1'],
] as const;

/** Event body schema of `type`, component name `<Type>Event` (e.g. PersonSavedEvent). */
export const eventSchemaName = (type: string) =>
  `${type
    .split(/[._]/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')}Event`;

/**
 * The webhook events as OpenAPI path items (for `x-webhooks`: the document is OpenAPI 3.0, which @nestjs/swagger
 * emits) and their body schemas (for `components.schemas`). Schemas are read off the example bodies, which use the
 * same examples as the GET answers of people and companies.
 */
export function webhookEvents(): { webhooks: Record<string, unknown>; schemas: Record<string, JsonSchema> } {
  const webhooks: Record<string, unknown> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const [type, { summary, data }] of Object.entries(EVENTS)) {
    const example = { id: 'evt_01JD2YA9F4H6K8M0P2R4T6V8X0', type, created_at: CREATED_AT, data };
    const schema = schemaFromExample(example);
    schema.required = ['id', 'type', 'created_at', 'data'];
    (schema.properties as Record<string, JsonSchema>).type = { type: 'string', enum: [type] };
    schemas[eventSchemaName(type)] = schema;
    webhooks[type] = {
      post: {
        summary,
        description:
          'Verify a signature (either scheme) over the raw body before parsing it; answer 2xx within WEBHOOK_TIMEOUT. See docs/webhook-delivery.md.',
        tags: ['webhook events'],
        parameters: DELIVERY_HEADERS.map(([name, description, sample]) => ({
          name,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string', example: sample },
        })),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` }, example },
          },
        },
        responses: {
          '200': {
            description: 'any 2xx acknowledges the delivery; 410 disables the webhook; anything else is retried',
          },
        },
      },
    };
  }
  return { webhooks, schemas };
}
