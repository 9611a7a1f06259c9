import { newId } from '@app/common';
import { EntityManager } from 'typeorm';

/** Event types a webhook can subscribe to (docs/api.md#events); `webhook.test` is always allowed. */
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

/**
 * The database's clock, to the millisecond the API shows: `created_at` of events and webhooks.
 * Both come from one clock so the relay's "webhook created at or before the event" holds
 * whatever the API replicas' clocks say; `clock_timestamp()` (not the transaction's start, `now()`)
 * is the moment of the write, the nearest the statement can get to the commit. Truncated, not
 * rounded (as a timestamptz(3) column would), so a later write never reads as earlier.
 */
export const DB_CLOCK_MS = `date_trunc('milliseconds', clock_timestamp())`;

/** SQL for a timestamptz as the API writes times: ISO 8601 UTC with milliseconds. */
const isoMs = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function writeEvents(
  manager: EntityManager,
  workspaceId: string,
  type: EventType,
  datas: ReadonlyArray<Record<string, unknown>>,
  targetWebhookId: string | null,
): Promise<RecordedEvent[]> {
  if (datas.length === 0) return [];
  const items = datas.map((data) => ({ id: newId('event'), data }));
  // One clock reading for the whole write, used both in the row and in the body's created_at.
  const [{ created_at: createdAt }] = await manager.query(
    `WITH t AS (SELECT ${DB_CLOCK_MS} AS at),
     ins AS (
       INSERT INTO events (id, workspace_id, type, body, created_at, target_webhook_id)
       SELECT x->>'id', $1, $2, jsonb_build_object('id', x->>'id', 'type', $2::text, 'created_at', ${isoMs('t.at')}, 'data', x->'data'), t.at, $4
         FROM t, jsonb_array_elements($3::jsonb) AS e(x)
     )
     SELECT ${isoMs('t.at')} AS created_at FROM t`,
    [workspaceId, type, JSON.stringify(items), targetWebhookId],
  );
  // The relay reads every unrelayed event when woken, so one notification per write is enough.
  await manager.query(`SELECT pg_notify($1, $2)`, [OUTBOX_CHANNEL, items[0].id]);
  return items.map(({ id, data }) => ({ id, type, created_at: createdAt, data }));
}
