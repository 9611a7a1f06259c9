import { createHmac } from 'node:crypto';

/**
 * Header names of a signed delivery (docs/api.md#events). `X-Service-Signature` follows
 * Stripe's layout; the `webhook-*` trio follows the Standard Webhooks specification.
 */
export const SIGNATURE_HEADER = 'X-Service-Signature';

/** Stripe layout: hex HMAC-SHA256 over `<t>.<body>`, keyed with the whole secret string as UTF-8. */
export function serviceSignature(secret: string, timestampSec: number, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestampSec}.${body}`).digest('hex');
}

/** Standard Webhooks: base64 HMAC-SHA256 over `<id>.<t>.<body>`, keyed with the bytes after `whsec_`. */
export function standardSignature(secret: string, eventId: string, timestampSec: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return createHmac('sha256', key).update(`${eventId}.${timestampSec}.${body}`).digest('base64');
}

/**
 * Every signature header of one attempt. `secrets` lists the live secrets (current first, then
 * a rotated one in its grace period): each header carries one signature per secret.
 */
export function signatureHeaders(
  secrets: string[],
  body: string,
  timestampSec: number,
  eventId: string,
): Record<string, string> {
  if (secrets.length === 0) throw new Error('at least one secret is needed to sign');
  const t = Math.floor(timestampSec);
  return {
    [SIGNATURE_HEADER]: [`t=${t}`, ...secrets.map((s) => `v1=${serviceSignature(s, t, body)}`)].join(','),
    'webhook-id': eventId,
    'webhook-timestamp': String(t),
    'webhook-signature': secrets.map((s) => `v1,${standardSignature(s, eventId, t, body)}`).join(' '),
  };
}
