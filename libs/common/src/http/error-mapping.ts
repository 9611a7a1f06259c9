// Plain functions (no Nest imports) so unit specs can check what each kind of failure answers.
import { ApiError, unavailableError } from './api-error';
import { Dependency, UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableDependency } from './dependency-failure';
import { ErrorItem } from './envelope';

const NAME_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMIT',
};

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** Nest's HttpException, recognised by shape so this file needs no Nest import. */
interface HttpExceptionLike {
  getStatus(): number;
  message: string;
}

const isHttpException = (value: unknown): value is HttpExceptionLike =>
  value instanceof Error && typeof (value as Partial<HttpExceptionLike>).getStatus === 'function';

export interface MappedError {
  status: number;
  item: ErrorItem;
  headers: Record<string, string>;
  /** True for an unexpected failure: log it with the request id; the answer carries no details. */
  unexpected: boolean;
  /** Set when the failure is a dependency's: worth a warning, not an error with a stack. */
  dependency?: Dependency;
}

/** What the client is told: which dependency stays in the log, as /health keeps its details to itself. */
const UNAVAILABLE_MESSAGE = 'a service this request needs is unavailable; retry later';

/** What an error answers in the error envelope (docs/api.md#errors). */
export function mapError(
  exception: unknown,
  request: { method: string; path: string },
  requestId?: string,
): MappedError {
  const answer = (
    status: number,
    name: string,
    message: string,
    payload: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): MappedError => ({
    status,
    item: { name, message, payload },
    headers,
    unexpected: false,
  });
  const dependency = unavailableDependency(exception);
  if (dependency) {
    const error = unavailableError(UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS);
    return { ...answer(error.status, error.errorName, error.message, {}, error.headers), dependency };
  }
  if (exception instanceof ApiError) {
    const payload = Object.fromEntries(Object.entries(exception.payload).filter(([, v]) => v !== undefined));
    return answer(exception.status, exception.errorName, exception.message, payload, exception.headers);
  }
  // Nest's Express adapter wraps body-parser failures in an HttpException and keeps the original as `cause`.
  const parserError = ((isHttpException(exception) ? (exception as { cause?: unknown }).cause : exception) ??
    {}) as BodyParserError;
  // Express's router fails to percent-decode a path parameter (`/v2/lists/%E0%A4%A`) with a URIError of status 400.
  if (exception instanceof URIError || parserError instanceof URIError) {
    return answer(400, 'VALIDATION_ERROR', 'a path segment is not valid percent-encoded UTF-8', {
      field: 'path',
      code: 'invalid_format',
    });
  }
  if (parserError.type === 'entity.parse.failed') {
    return answer(400, 'VALIDATION_ERROR', 'the request body is not valid JSON', {
      field: 'body',
      code: 'invalid_format',
    });
  }
  if (parserError.type === 'entity.too.large') {
    return answer(413, 'PAYLOAD_TOO_LARGE', 'the request body is too large', { field: 'body', code: 'out_of_range' });
  }
  if (
    parserError.expose &&
    typeof parserError.status === 'number' &&
    parserError.status >= 400 &&
    parserError.status < 500
  ) {
    // A body that cannot be read (corrupt gzip/deflate/br, aborted, wrong length) or an unknown encoding or charset.
    const code = parserError.status === 415 ? 'invalid_value' : 'invalid_format';
    const field = parserError.type === 'charset.unsupported' ? 'content-type' : 'body';
    return answer(
      parserError.status,
      NAME_BY_STATUS[parserError.status] ?? 'BAD_REQUEST',
      (exception as Error).message,
      { field, code },
    );
  }
  if (isHttpException(exception)) {
    const status = exception.getStatus();
    if (status < 500) {
      const message = status === 404 ? `Cannot ${request.method} ${request.path}` : exception.message;
      return answer(status, NAME_BY_STATUS[status] ?? 'ERROR', message);
    }
  }
  return {
    status: 500,
    headers: {},
    item: {
      name: 'INTERNAL_ERROR',
      message: 'unexpected server error',
      payload: requestId ? { request_id: requestId } : {},
    },
    unexpected: true,
  };
}
