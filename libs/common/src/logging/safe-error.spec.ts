import pino from 'pino';
import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { redactQuotedValue, safeErrorSerializer } from './safe-error';

const SECRET = 'planted-secret@example.com';

function failedQuery(): QueryFailedError {
  const driverError = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), {
    code: '22P02',
    detail: `Key (email)=(${SECRET}) already exists.`,
    where: `unnamed portal parameter $2 = '${SECRET}'`,
    table: 'email_verification_results',
  });
  return new QueryFailedError(
    'INSERT INTO email_verification_results (job_id, email) VALUES ($1, $2)',
    ['job_1', SECRET],
    driverError,
  );
}

describe('safeErrorSerializer', () => {
  it('drops the statement, its parameters and the driver details of a failed query, and keeps what finds the cause', () => {
    const error = failedQuery();
    expect(JSON.stringify(error.parameters)).toContain(SECRET); // what pino's own serializer would write
    const serialized = safeErrorSerializer(error) as Record<string, unknown>;
    const text = JSON.stringify(serialized);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('INSERT INTO');
    expect(serialized).toMatchObject({
      type: 'QueryFailedError',
      code: '22P02',
      message: 'invalid input syntax for type uuid: "[redacted]"',
    });
  });

  it('keeps a pino logger writing it without the secret, nested causes included', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = pino({ serializers: { err: safeErrorSerializer } }, sink);
    logger.error({ err: new Error('outer', { cause: failedQuery() }) }, 'unexpected error');
    expect(lines.join('')).toContain('unexpected error');
    expect(lines.join('')).not.toContain(SECRET);
  });

  it('leaves identifiers in messages alone', () => {
    expect(redactQuotedValue('relation "webhooks" does not exist')).toBe('relation "webhooks" does not exist');
    expect(redactQuotedValue('invalid input value for enum list_type: "x"')).toBe(
      'invalid input value for enum list_type: "[redacted]"',
    );
  });
});
