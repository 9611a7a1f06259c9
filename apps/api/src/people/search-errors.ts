import { ApiError, received, validationError } from '@app/common';
import { FilterValidationError, SearchTimeoutError } from '@app/search';

/** The API's answer for an engine error: 400 for a filter mistake, 503 for a statement cancelled at its time limit. */
export function toSearchApiError(error: unknown): unknown {
  if (error instanceof FilterValidationError) {
    return validationError(error.field, error.code, error.message, {
      ...(error.value === undefined ? {} : received(error.value)),
      ...error.extra,
    });
  }
  if (error instanceof SearchTimeoutError) {
    return new ApiError(
      503,
      'SEARCH_TIMEOUT',
      'the search took longer than the server allows; narrow the filters and try again',
    );
  }
  return error;
}
