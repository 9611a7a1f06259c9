// Plain functions so unit specs can check which requests carry a body and which bodies are JSON.
import type { IncomingHttpHeaders } from 'node:http';

/** `application/json` or a `+json` type such as `application/merge-patch+json`, any parameters. */
export function isJsonMediaType(contentType: string): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type);
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
