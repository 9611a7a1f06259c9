// Plain functions (no Nest imports) so a unit spec can load them.
import { createHash } from 'node:crypto';
import { received, validationError } from '@app/common/http/api-error';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const MAX_KEY_LENGTH = 255;
/** Printable ASCII: space (0x20) to tilde (0x7e). */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The request's Idempotency-Key: undefined without the header, else 1-255 printable ASCII characters
 * (400 VALIDATION_ERROR on `Idempotency-Key` otherwise). A header sent twice arrives joined by ", " and is
 * read as one value, as any other.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw validationError(
      IDEMPOTENCY_HEADER,
      'out_of_range',
      `${IDEMPOTENCY_HEADER} must be 1-${MAX_KEY_LENGTH} characters long, not ${key.length}`,
      received(key),
    );
  }
  if (!PRINTABLE_ASCII.test(key)) {
    throw validationError(
      IDEMPOTENCY_HEADER,
      'invalid_format',
      `${IDEMPOTENCY_HEADER} may hold printable ASCII characters only`,
      received(key),
    );
  }
  return key;
}

/** JSON with every object's keys sorted: two bodies that differ only in key order are the same request. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const members = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(',')}}`;
}

/** What a key is bound to: SHA-256 (hex) of the method, the path and the canonical body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}
