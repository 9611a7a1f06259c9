/**
 * PostgreSQL NOTIFY channel: the API notifies after it makes a delivery task due (resend,
 * recover); the worker LISTENs and enqueues. Payload `eventId:webhookId`, or empty for "sweep now".
 */
export const TASK_DUE_CHANNEL = 'webhook_task_due';
