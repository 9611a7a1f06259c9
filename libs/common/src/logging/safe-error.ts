import { stdSerializers } from 'pino';

/**
 * Members of database errors that carry request data: TypeORM's QueryFailedError copies the statement and its
 * parameters (emails, webhook URLs, names), and node-postgres' error adds `detail` ("Key (url)=(...) already
 * exists"), `where` and `internalQuery`. None of them may reach the logs; the SQLSTATE `code`, `constraint`,
 * `table` and `column` stay, which is what an operator needs to find the cause.
 */
const DROPPED = new Set([
  'query',
  'parameters',
  'driverError',
  'detail',
  'where',
  'internalQuery',
  'hint',
  'received_value',
]);

/** PostgreSQL quotes the offending value at the end of some messages (`invalid input syntax for type uuid: "x"`). */
export function redactQuotedValue(text: string): string {
  return text.replace(/: ".*"$/gm, ': "[redacted]"');
}

function scrub(value: unknown, depth: number): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (DROPPED.has(key)) continue;
    if ((key === 'message' || key === 'stack') && typeof member === 'string') out[key] = redactQuotedValue(member);
    else out[key] = scrub(member, depth + 1);
  }
  return out;
}

/** pino's error serializer, less what could hold SQL parameters or request values. */
export function safeErrorSerializer(error: unknown): unknown {
  if (!(error instanceof Error)) return scrub(error, 0);
  return scrub(stdSerializers.err(error), 0);
}
