import { SUBSCRIBABLE_EVENT_TYPES } from '@app/database';
import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, ValidateBy } from 'class-validator';
import { WEBHOOK_EVENT_TYPES } from '../webhook-record';

/** Whether a list of event types holds at least one real (subscribable) type, not only `webhook.test`. */
export function hasRealEventType(events: unknown): boolean {
  return (
    Array.isArray(events) && events.some((type) => (SUBSCRIBABLE_EVENT_TYPES as readonly unknown[]).includes(type))
  );
}

/**
 * `events` of a webhook (docs/api.md#webhooks): an array of known types holding at least one of
 * the three real ones; `webhook.test` may be listed beside them, never alone, so a webhook always
 * receives something.
 */
export const WebhookEvents = () =>
  applyDecorators(
    IsArray(),
    ArrayNotEmpty(),
    ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 4),
    IsIn(WEBHOOK_EVENT_TYPES, { each: true }),
    ValidateBy({
      name: 'hasRealEventType',
      validator: {
        validate: hasRealEventType,
        defaultMessage: () => `events must include at least one of ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}`,
      },
    }),
  );
