import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The token an `Authorization` header presents: `Bearer <token>` (scripts, Prometheus), or basic auth whose
 * password is the token (a browser's own prompt; the user name is ignored). Null when there is none.
 */
export function presentedOpsToken(header: string | undefined): string | null {
  if (typeof header !== 'string') return null;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!value) return null;
  if (/^bearer$/i.test(scheme)) return value;
  if (!/^basic$/i.test(scheme)) return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : decoded.slice(colon + 1);
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Constant time: both sides are hashed to 32 bytes first, so neither the length nor a matching prefix shows in the timing. */
export function opsTokenMatches(presented: string | null, expected: string): boolean {
  // Compared even when nothing was presented, so a missing header takes as long as a wrong one.
  const equal = timingSafeEqual(digest(presented ?? ''), digest(expected));
  return presented !== null && equal;
}
