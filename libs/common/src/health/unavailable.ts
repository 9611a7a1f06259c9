// Plain module (no Nest imports) so its unit spec loads without the framework.
import { ApiError } from '../http/api-error';

/**
 * Status only: which dependency is down, by name, and never the checks' messages, which carry hosts,
 * ports and driver errors an unauthenticated caller has no business reading.
 */
export function unavailable(result: unknown): ApiError {
  const { status, error } = (result ?? {}) as { status?: string; error?: Record<string, unknown> };
  const shuttingDown = status === 'shutting_down';
  const down = Object.keys(error ?? {}).sort();
  return new ApiError(503, 'UNAVAILABLE', shuttingDown ? 'shutting down' : 'a dependency is down', {
    status: shuttingDown ? 'shutting_down' : 'error',
    down,
  });
}
