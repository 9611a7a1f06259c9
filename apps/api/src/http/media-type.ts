// Plain functions so unit specs can check which requests carry a body and which bodies are JSON.
import type { IncomingHttpHeaders } from 'node:http';

/**
 * `application/json` or a `+json` type such as `application/merge-patch+json`, with no charset or UTF-8 (RFC 8259:
 * JSON is UTF-8). Another charset is refused: read as UTF-16, a one-byte body `{` decoded to nothing and was
 * served as `{}`.
 */
export function isJsonMediaType(contentType: string): boolean {
  const [mediaType, ...parameters] = contentType.split(';');
  const type = mediaType.trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type)) return false;
  const charset = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('charset='));
  return charset === undefined || ['utf-8', 'utf8', '"utf-8"'].includes(charset.slice('charset='.length));
}

/** Whether the request carries a body (RFC 9112 6.3: Transfer-Encoding or a Content-Length above 0). */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/** 415 applies to a body sent with a content type other than JSON; a body without one is read as JSON. */
export function isUnsupportedBody(headers: IncomingHttpHeaders): boolean {
  const contentType = headers['content-type'];
  return hasBody(headers) && contentType !== undefined && !isJsonMediaType(contentType);
}
