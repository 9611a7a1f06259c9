import { WebhookDeliveryRow, SUBSCRIBABLE_EVENT_TYPES, WebhookPublicRow } from '@app/database';

/** Types a webhook may list: the subscribable ones, and `webhook.test`, which is delivered on request anyway. */
export const WEBHOOK_EVENT_TYPES: string[] = [...SUBSCRIBABLE_EVENT_TYPES, 'webhook.test'];

/** The webhook record (docs/api.md#webhooks). */
export interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** The public columns of a webhook: the record's members, timestamps as the driver answers them. */
export type WebhookRow = WebhookPublicRow;

export function toWebhookRecord(row: WebhookRow): WebhookRecord {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    status: row.status,
    disabled_reason: row.disabled_reason,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The delivery record (docs/api.md#webhooks). */
export function toDeliveryRecord(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    attempt: row.attempt,
    status: row.status,
    response_status: row.response_status,
    error: row.error,
    duration_ms: row.duration_ms,
    next_attempt_at: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
    // The retry this attempt scheduled will not run: the webhook was disabled or the task dropped.
    retry_dropped: row.retry_dropped,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Distinct event types in the order given. */
export function distinctEvents(events: string[]): string[] {
  return [...new Set(events)];
}

/** Example record for the OpenAPI document. */
export const WEBHOOK_EXAMPLE: WebhookRecord = {
  id: 'wh_01JD2Y8W6B1Q3S5N7R9T0V2X4Z',
  url: 'https://hooks.example.com/prospecting',
  events: ['person.saved', 'company.saved'],
  description: 'CRM sync',
  status: 'active',
  disabled_reason: null,
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
};

export const DELIVERY_EXAMPLE = {
  id: 'dlv_01JD2YB3K8M2P4R6T8V0X2Z4B6',
  webhook_id: WEBHOOK_EXAMPLE.id,
  event_id: 'evt_01JD2YA9F4H6K8M0P2R4T6V8X0',
  event_type: 'company.saved',
  attempt: 1,
  status: 'failed',
  response_status: 503,
  error: 'http_status',
  duration_ms: 84,
  next_attempt_at: '2026-11-22T00:01:00.000Z',
  retry_dropped: false,
  created_at: '2026-11-22T00:00:00.000Z',
};
