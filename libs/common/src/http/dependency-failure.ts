// Plain module (no Nest imports) so unit specs can check which failures mean "a dependency is down".

/** The services a request may need besides the API process itself. */
export type Dependency = 'database' | 'redis';

/** Seconds a client is asked to wait (`Retry-After`) before trying again while a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * A call to a dependency that failed for a reason of the dependency (down, unreachable, too slow),
 * not of the request. The exception filter answers it 503 UNAVAILABLE.
 */
export class DependencyError extends Error {
  constructor(
    readonly dependency: Dependency,
    override readonly cause: unknown,
  ) {
    super(`${dependency} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Runs a Redis call of a request: any failure (no connection, the command timed out, Redis
 * refused it) becomes a DependencyError, since the request cannot be judged without Redis.
 */
export async function needsRedis<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new DependencyError('redis', error);
  }
}

/** Socket failures: the server is gone, refuses connections or cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that say the server, not the statement, is the problem: connection
 * exceptions (class 08), shutdown and start-up (57P01-57P03), too many connections (53300), and
 * the limits this service sets on every pool: statement_timeout (57014), lock_timeout (55P03) and
 * idle_in_transaction_session_timeout (25P03).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '25P03']);

/** Messages of node-postgres (pg, pg-pool) that carry no code. */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/,
];

function isDatabaseFailure(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Which dependency an error says is unavailable, or null when the error is about something else.
 * Follows TypeORM's `driverError` and `cause` a few levels down, since the pg error is often wrapped.
 */
export function unavailableDependency(error: unknown): Dependency | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if (current instanceof DependencyError) return current.dependency;
    const candidate = current as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    if (isDatabaseFailure(candidate)) return 'database';
    current = candidate.driverError ?? candidate.cause;
  }
  return null;
}
