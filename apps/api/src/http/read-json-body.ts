// Plain Node (no Nest imports) so a unit spec can feed it requests.
import { ApiError, validationError } from '@app/common/http/api-error';
import { JsonCostBreach, JsonCostLimits, JsonCostScanner } from '@app/common/http/json-cost';
import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

export interface ReadJsonLimits extends JsonCostLimits {
  /** Bytes after decompression. */
  maxBytes: number;
}

const MESSAGES: Record<JsonCostBreach['code'], (limit: number) => string> = {
  too_deep: (limit) => `the request body nests arrays and objects more than ${limit} levels deep`,
  too_many_values: (limit) => `the request body holds more than ${limit.toLocaleString('en')} values`,
  too_many_keys: (limit) => `an object in the request body has more than ${limit} keys`,
};

/** 400 VALIDATION_ERROR on `body`, its code naming the limit passed. */
export function jsonCostError(breach: JsonCostBreach): ApiError {
  return validationError('body', breach.code, MESSAGES[breach.code](breach.limit), { limit: breach.limit });
}

const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', 'the request body is too large', { field: 'body', code: 'out_of_range' });
const unreadable = (message: string) =>
  new ApiError(400, 'VALIDATION_ERROR', message, { field: 'body', code: 'invalid_format' });
const notJson = () => unreadable('the request body is not valid JSON');

/** Whether the request carries a body, as body-parser judged it: Transfer-Encoding, or any Content-Length (`0` reads as `{}`). */
export const carriesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));

function decompressor(encoding: string): Transform | null | 'unsupported' {
  switch (encoding) {
    case 'identity':
      return null;
    case 'gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return 'unsupported';
  }
}

/**
 * Reads a JSON body, bounded before anything walks it: over `maxBytes` (after decompression: inflating stops
 * there) it answers 413; every chunk goes through JsonCostScanner as it arrives, so nesting, values or keys
 * past their limits answer 400 at the first chunk that passes one, and the rest of the body is read and
 * dropped, never kept. Only then is the text parsed. Answers undefined when the request has no body, `{}`
 * for an empty one. Replaces body-parser's json(), whose answers it keeps (413, 400 `invalid_format`, 415).
 */
export function readJsonBody(req: IncomingMessage, limits: ReadJsonLimits): Promise<unknown> {
  if (!carriesBody(req)) return Promise.resolve(undefined);
  const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const inflate = decompressor(encoding);
  if (inflate === 'unsupported') {
    return drained(req).then(() => {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `unsupported content encoding "${encoding}"`, {
        field: 'body',
        code: 'invalid_value',
      });
    });
  }
  const declaredLength = inflate ? NaN : Number(req.headers['content-length']);
  if (declaredLength > limits.maxBytes) return drained(req).then(() => Promise.reject(tooLarge()));

  return new Promise((resolve, reject) => {
    const source: Readable = inflate ?? req;
    const scanner = new JsonCostScanner(limits);
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;

    const stop = (error: ApiError): void => {
      if (settled) return;
      settled = true;
      source.removeListener('data', onData);
      if (inflate) {
        req.unpipe(inflate);
        inflate.destroy();
      }
      // Read to the end and drop it, so the answer is not cut short by a reset; then answer.
      drained(req).then(
        () => reject(error),
        () => reject(error),
      );
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limits.maxBytes) return stop(tooLarge());
      const breach = scanner.push(chunk);
      if (breach) return stop(jsonCostError(breach));
      chunks.push(chunk);
    };
    source.on('data', onData);
    source.once('error', (error: Error) => stop(unreadable(error.message)));
    source.once('end', () => {
      if (settled) return;
      settled = true;
      if (!inflate && !Number.isNaN(declaredLength) && received !== declaredLength)
        return reject(unreadable('request size did not match content length'));
      try {
        resolve(parse(Buffer.concat(chunks, received)));
      } catch {
        reject(notJson());
      }
    });
    // Closed before its end: the client went away. (Closed after it: a compressed body may still be inflating.)
    req.once('close', () => {
      if (!req.readableEnded) stop(unreadable('request aborted'));
    });
    if (inflate) req.pipe(inflate);
  });
}

/** Parses UTF-8 JSON text; a byte order mark is dropped and an empty body reads as `{}` (as body-parser did). */
function parse(bytes: Buffer): unknown {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return text.length === 0 ? {} : JSON.parse(text);
}

/** Resolves when the rest of the request has been read and dropped (or the connection has gone). */
function drained(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
    req.resume();
  });
}
