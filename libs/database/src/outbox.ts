import { newId } from '@app/common';
import { EntityManager } from 'typeorm';

/** Event types a webhook can subscribe to (CONTRACTS.md section 6); `webhook.test` is always allowed. */
export const SUBSCRIBABLE_EVENT_TYPES = ['person.saved', 'person.email_found', 'company.saved'] as const;
export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];
export type EventType = SubscribableEventType | 'webhook.test';

/** PostgreSQL channel the relay LISTENs on; the payload is the id of one event of the write that woke it. */
export const OUTBOX_CHANNEL = 'outbox_event';

export interface RecordedEvent {
  id: string;
  type: EventType;
  created_at: string;
  data: Record<string, unknown>;
}

/**
 * Writes an event into the outbox inside the caller's transaction, so the event exists exactly
 * when the change that caused it does. The relay is woken by NOTIFY, delivered at commit.
 */
export async function recordEvent(
  manager: EntityManager,
  workspaceId: string,
  type: EventType,
  data: Record<string, unknown>,
  target?: { webhookId: string },
): Promise<RecordedEvent> {
  const [event] = await writeEvents(manager, workspaceId, type, [data], target?.webhookId ?? null);
  return event;
}

/** Writes many events of one type in one statement, for saves that change hundreds of records at once. */
export function recordEvents(
  manager: EntityManager,
  workspaceId: string,
  type: SubscribableEventType,
  datas: ReadonlyArray<Record<string, unknown>>,
): Promise<RecordedEvent[]> {
  return writeEvents(manager, workspaceId, type, datas, null);
}

async function writeEvents(
  manager: EntityManager,
  workspaceId: string,
  type: EventType,
  datas: ReadonlyArray<Record<string, unknown>>,
  targetWebhookId: string | null,
): Promise<RecordedEvent[]> {
  if (datas.length === 0) return [];
  const createdAt = new Date().toISOString();
  const events: RecordedEvent[] = datas.map((data) => ({ id: newId('event'), type, created_at: createdAt, data }));
  await manager.query(
    `INSERT INTO events (id, workspace_id, type, body, created_at, target_webhook_id)
     SELECT e.body->>'id', $1, $2, e.body, $3, $5 FROM jsonb_array_elements($4::jsonb) AS e(body)`,
    [workspaceId, type, createdAt, JSON.stringify(events), targetWebhookId],
  );
  // The relay reads every unrelayed event when woken, so one notification per write is enough.
  await manager.query(`SELECT pg_notify($1, $2)`, [OUTBOX_CHANNEL, events[0].id]);
  return events;
}
