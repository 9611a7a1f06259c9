import { unavailableDependency } from '@app/common/http/dependency-failure';
import type { EntityManager } from 'typeorm';

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown };

let counter = 0;

/**
 * Runs `work` inside a savepoint of the caller's transaction: on failure only its own writes are
 * undone and the transaction goes on, which is how one item of a batch can fail alone.
 */
export async function attemptInSavepoint<T>(
  manager: Pick<EntityManager, 'query'>,
  work: () => Promise<T>,
): Promise<Attempt<T>> {
  const name = `sp_${++counter}`;
  await manager.query(`SAVEPOINT ${name}`);
  try {
    const value = await work();
    await manager.query(`RELEASE SAVEPOINT ${name}`);
    return { ok: true, value };
  } catch (error) {
    // PostgreSQL gone is no failure of this item: the whole transaction is lost, so is the request
    // (503), rather than bisecting on a connection TypeORM has already released (which answered 500).
    if (unavailableDependency(error)) throw error;
    await manager.query(`ROLLBACK TO SAVEPOINT ${name}`);
    await manager.query(`RELEASE SAVEPOINT ${name}`);
    return { ok: false, error };
  }
}
