import { DependencyError, needsRedis, unavailableDependency } from './dependency-failure';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('unavailableDependency', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an unreachable host', withCode('EHOSTUNREACH')],
    ['a connection exception (class 08)', withCode('08006')],
    ['an administrator shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03')],
    ['too many connections', withCode('53300')],
    ['statement_timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['lock_timeout', withCode('55P03', 'canceling statement due to lock timeout')],
    ['idle_in_transaction_session_timeout', withCode('25P03')],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that gave no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('reads %s as the database being unavailable', (_what, error) => {
    expect(unavailableDependency(error)).toBe('database');
  });

  it("looks through TypeORM's driverError and an error's cause", () => {
    const wrapped = Object.assign(new Error('query failed'), { driverError: withCode('57P01') });
    expect(unavailableDependency(wrapped)).toBe('database');
    expect(unavailableDependency(new Error('outer', { cause: wrapped }))).toBe('database');
  });

  it('leaves errors of the request or of the code alone', () => {
    expect(unavailableDependency(withCode('23505', 'duplicate key value violates unique constraint'))).toBeNull();
    expect(unavailableDependency(withCode('22P02', 'invalid input syntax'))).toBeNull();
    expect(unavailableDependency(withCode('40P01', 'deadlock detected'))).toBeNull();
    expect(unavailableDependency(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(unavailableDependency(undefined)).toBeNull();
    expect(unavailableDependency('Connection terminated')).toBeNull();
  });

  it('names the dependency a DependencyError names', () => {
    expect(unavailableDependency(new DependencyError('redis', new Error('Command timed out')))).toBe('redis');
  });
});

describe('needsRedis', () => {
  it('passes an answer through', async () => {
    await expect(needsRedis(Promise.resolve('OK'))).resolves.toBe('OK');
  });

  it('turns any failure of the call into a DependencyError on redis, keeping the cause', async () => {
    const cause = new Error("Stream isn't writeable and enableOfflineQueue options is false");
    const error = await needsRedis(Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DependencyError);
    expect(error).toMatchObject({ dependency: 'redis', cause });
  });
});
