// Plain functions (no Nest imports) so a unit spec can read the answer.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorEnvelope, ErrorItem } from './envelope';

/**
 * The raw HTTP answer to a request Node's parser refused before any route ran (a request line or headers over
 * the server's limit, a malformed request line): Node's own answer is a bare `431`/`400` with no body, outside
 * the envelope every other error uses.
 */
export function clientErrorAnswer(code: string | undefined): string {
  const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const item: ErrorItem =
    status === 431
      ? {
          name: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
          message: 'the request line or headers are over the server limit',
          payload: { field: 'headers', code: 'out_of_range' },
        }
      : status === 408
        ? { name: 'REQUEST_TIMEOUT', message: 'the request was not received in time', payload: {} }
        : {
            name: 'VALIDATION_ERROR',
            message: 'the request is not valid HTTP',
            payload: { field: 'request', code: 'invalid_format' },
          };
  const body = JSON.stringify(errorEnvelope([item]));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** How long a refused connection may go on sending (its body, say) before it is cut. */
const LINGER_MS = 5_000;
const ANSWERED = new WeakSet<Duplex>();

/**
 * A `clientError` listener for the HTTP server: answers in the envelope, then closes the connection. What the
 * client still sends is read and dropped until it closes or LINGER_MS pass: closing a socket with unread data
 * sends a reset, which can destroy the answer before the client reads it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // Node's parser reports again for every later chunk of the same connection: answer once.
  if (ANSWERED.has(socket)) return;
  ANSWERED.add(socket);
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  socket.resume();
  socket.end(clientErrorAnswer(error.code));
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
