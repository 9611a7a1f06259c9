import { ApiError } from '@app/common/http/api-error';

/** For unit specs: the ApiError `fn` throws (anything else is rethrown; no throw fails the spec). */
export function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}
