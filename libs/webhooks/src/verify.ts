import { timingSafeEqual } from 'node:crypto';
import { serviceSignature } from './signing';

export interface VerifyOptions {
  /** Largest accepted distance between the header's timestamp and now, in seconds (default 300). */
  toleranceSec?: number;
  /** The current time (tests); defaults to the clock. */
  now?: Date;
}

/** Parses `t=<unix>,v1=<hex>[,v1=<hex>…]`; null when malformed. */
export function parseServiceSignature(header: string): { t: number; v1: string[] } | null {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't') {
      if (!/^\d{1,12}$/.test(value)) return null;
      t = Number(value);
    } else if (name === 'v1') v1.push(value);
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

/**
 * Receiver side: whether `X-Service-Signature` proves that `rawBody` (the exact bytes received,
 * before any JSON parsing) was signed with `secret` within the tolerance. Constant-time compare.
 */
export function verifyServiceSignature(
  rawBody: string | Buffer,
  header: string | undefined | null,
  secret: string,
  options: VerifyOptions = {},
): boolean {
  if (typeof header !== 'string' || header.length === 0 || header.length > 4096) return false;
  const parsed = parseServiceSignature(header);
  if (!parsed) return false;
  const nowSec = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSec - parsed.t) > (options.toleranceSec ?? 300)) return false;
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = Buffer.from(serviceSignature(secret, parsed.t, body), 'utf8');
  let matched = false;
  for (const candidate of parsed.v1) {
    const given = Buffer.from(candidate, 'utf8');
    // Check every candidate, so timing does not tell which one matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched;
}
