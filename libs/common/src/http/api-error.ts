// Plain numbers rather than @nestjs/common's enum: this file stays importable from unit specs (Jest cannot load Nest 12).
const HttpStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  GONE: 410,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
} as const;

/**
 * `payload.code` of a validation error: the five general values (docs/api.md#errors), and the
 * three that name a request-body limit (`field: "body"`, docs/api.md#request-bodies).
 */
export type ValidationCode =
  | 'out_of_range'
  | 'conflicting_fields'
  | 'unknown_field'
  | 'invalid_value'
  | 'invalid_format'
  | 'too_deep'
  | 'too_many_values'
  | 'too_many_keys';

export interface ErrorPayload {
  field?: string;
  code?: ValidationCode;
  received_value?: unknown;
  received_type?: string;
  allowed_fields?: string[];
  [extra: string]: unknown;
}

/** An error that the exception filter answers as it is, in the error envelope (docs/api.md#errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly payload: ErrorPayload = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The type name reported as `received_type`: `array` and `null` rather than `object`. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** 400 VALIDATION_ERROR about one field; `received_value`/`received_type` when a value is given. */
export function validationError(
  field: string,
  code: ValidationCode,
  message: string,
  extra: ErrorPayload = {},
): ApiError {
  return new ApiError(HttpStatus.BAD_REQUEST, 'VALIDATION_ERROR', message, { field, code, ...extra });
}

/** Adds what the caller sent to a validation payload. */
export function received(value: unknown): Pick<ErrorPayload, 'received_value' | 'received_type'> {
  const shown = typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value;
  return {
    received_value: Array.isArray(value) || (value && typeof value === 'object') ? undefined : shown,
    received_type: typeName(value),
  };
}

/** 400 VALIDATION_ERROR for a malformed path id, which carries no `payload.code` (docs/api.md#errors). */
export function malformedIdError(field: string, message = `${field} is malformed`): ApiError {
  return new ApiError(HttpStatus.BAD_REQUEST, 'VALIDATION_ERROR', message, { field });
}

export function notFoundError(what: string): ApiError {
  return new ApiError(HttpStatus.NOT_FOUND, 'NOT_FOUND', `${what} not found`);
}

export function unauthorizedError(message = 'a valid x-api-key header is required'): ApiError {
  return new ApiError(HttpStatus.UNAUTHORIZED, 'UNAUTHORIZED', message);
}

/** 405: the path exists, the method does not; `Allow` (header and payload) names the methods it takes. */
export function methodNotAllowedError(method: string, path: string, allow: string[]): ApiError {
  const header = allow.join(', ');
  return new ApiError(
    HttpStatus.METHOD_NOT_ALLOWED,
    'METHOD_NOT_ALLOWED',
    `${method} is not allowed on ${path}; allowed: ${header}`,
    { allow },
    { Allow: header },
  );
}

/** 415: a request body in a media type other than JSON. */
export function unsupportedMediaTypeError(contentType: string): ApiError {
  return new ApiError(
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'UNSUPPORTED_MEDIA_TYPE',
    'the request body must be JSON (Content-Type: application/json)',
    { field: 'content-type', received_value: contentType.slice(0, 200) },
  );
}

export function rateLimitError(retryAfterSeconds: number, limit: string): ApiError {
  return new ApiError(
    HttpStatus.TOO_MANY_REQUESTS,
    'RATE_LIMIT',
    `over the ${limit} rate limit; retry after ${retryAfterSeconds} s`,
    { limit, retry_after: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * 503 UNAVAILABLE (the name /health uses): a dependency is down or too slow, or the request ran out
 * of time. The request may be retried after `Retry-After` seconds.
 */
export function unavailableError(message: string, retryAfterSeconds: number, payload: ErrorPayload = {}): ApiError {
  return new ApiError(503, 'UNAVAILABLE', message, payload, { 'Retry-After': String(retryAfterSeconds) });
}

/**
 * 410 GONE: the record exists, but what was asked of it was deleted for good by retention (an
 * export's file after EXPORT_RETENTION); asking again will never succeed. `payload` says when.
 */
export function goneError(message: string, payload: ErrorPayload = {}): ApiError {
  return new ApiError(HttpStatus.GONE, 'GONE', message, payload);
}

/** 409 CONFLICT: the request is well formed but the resource's state forbids it (payload says which state). */
export function conflictError(message: string, payload: ErrorPayload = {}): ApiError {
  return new ApiError(409, 'CONFLICT', message, payload);
}
