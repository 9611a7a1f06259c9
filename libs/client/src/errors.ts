/** An error answer of the API: `errors[0]` of the envelope, with its status. `name` is the error's name (VALIDATION_ERROR…). */
export class ApiError extends Error {
  readonly status: number;
  /** `payload.field` of a validation error: the body path, query parameter or header at fault. */
  readonly field?: string;
  /** `payload.code` of a validation error: out_of_range, conflicting_fields, unknown_field, invalid_value, invalid_format… */
  readonly code?: string;
  readonly payload: Record<string, unknown>;
  readonly requestId?: string;
  /** Seconds the `Retry-After` header asked to wait, when it did. */
  readonly retryAfter?: number;

  constructor(
    status: number,
    name: string,
    message: string,
    payload: Record<string, unknown> = {},
    requestId?: string,
    retryAfter?: number,
  ) {
    super(message);
    this.name = name;
    this.status = status;
    this.payload = payload;
    if (typeof payload.field === 'string') this.field = payload.field;
    if (typeof payload.code === 'string') this.code = payload.code;
    if (requestId) this.requestId = requestId;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

/** The request never got an answer (network failure, timeout) after its retries. */
export class NetworkError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'NetworkError';
  }
}
