/**
 * Verifies a webhook delivery with Web Crypto (Node.js 20+ and browsers): either signature scheme the service
 * sends, `X-Service-Signature: t=<unix>,v1=<hex>` (HMAC-SHA256 of "<t>.<body>" keyed with the secret's UTF-8 bytes)
 * or Standard Webhooks `webhook-id`/`webhook-timestamp`/`webhook-signature: v1,<base64>` (HMAC-SHA256 of
 * "<id>.<t>.<body>" keyed with the base64 bytes after `whsec_`). During a secret rotation either secret matches.
 */
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface WebhookEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  data: T;
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value.join(',') : value;
}

const encoder = new TextEncoder();

async function hmac(key: Uint8Array, message: string): Promise<Uint8Array> {
  // Copies into plain ArrayBuffers: what both the DOM's and Node's Web Crypto typings accept.
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    'raw',
    new Uint8Array(key).buffer,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(
    await globalThis.crypto.subtle.sign('HMAC', cryptoKey, new Uint8Array(encoder.encode(message)).buffer),
  );
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Constant-time comparison of two strings of the same alphabet. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks the signature of `rawBody` (the bytes received, before any JSON parsing) against `secret` (or several,
 * during a rotation) and the timestamp against `toleranceSeconds` (default 300); answers the parsed event, or
 * throws WebhookVerificationError.
 */
export async function verifyWebhook<T = Record<string, unknown>>(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string | string[],
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<WebhookEvent<T>> {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const secrets = Array.isArray(secret) ? secret : [secret];
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const fresh = (t: number) => Number.isFinite(t) && Math.abs(now - t) <= tolerance;

  const service = header(headers, 'x-service-signature');
  const standard = header(headers, 'webhook-signature');
  let verified = false;
  let stale = false;
  if (service) {
    const parts = service.split(',').map((p) => p.trim().split('='));
    const t = Number(parts.find(([k]) => k === 't')?.[1]);
    const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
    if (!fresh(t)) stale = true;
    else {
      for (const s of secrets) {
        const expected = hex(await hmac(encoder.encode(s), `${t}.${body}`));
        if (signatures.some((sig) => same(sig, expected))) verified = true;
      }
    }
  }
  if (!verified && standard) {
    const id = header(headers, 'webhook-id') ?? '';
    const t = Number(header(headers, 'webhook-timestamp'));
    if (!fresh(t)) stale = true;
    else {
      const signatures = standard
        .split(' ')
        .map((p) => p.split(','))
        .filter(([v]) => v === 'v1')
        .map(([, sig]) => sig ?? '');
      for (const s of secrets) {
        const expected = base64(await hmac(fromBase64(s.startsWith('whsec_') ? s.slice(6) : s), `${id}.${t}.${body}`));
        if (signatures.some((sig) => same(sig, expected))) verified = true;
      }
    }
  }
  if (!verified) {
    if (!service && !standard)
      throw new WebhookVerificationError('no signature header (X-Service-Signature or webhook-signature)');
    throw new WebhookVerificationError(
      stale ? 'the signature timestamp is outside the tolerance' : 'no signature matches the secret',
    );
  }
  return JSON.parse(body) as WebhookEvent<T>;
}
