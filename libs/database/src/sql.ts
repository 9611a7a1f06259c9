import { EntityManager } from 'typeorm';

/**
 * Runs an UPDATE or DELETE … RETURNING and answers the returned rows. TypeORM's postgres driver
 * answers such statements as `[rows, affectedCount]`, unlike SELECT and INSERT.
 */
export async function mutateReturning<T = Record<string, unknown>>(
  manager: Pick<EntityManager, 'query'>,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const result = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[0] as T[];
  return result as T[];
}

const DEADLOCK = '40P01';

/**
 * Runs `work` again when PostgreSQL aborted it as a deadlock victim (its changes were rolled back, so a rerun is
 * safe), at most `tries` times in all. For statements that meet another process's locks in an order neither controls.
 * Each rerun waits a random few tens of milliseconds first, so that the victim does not meet the same lock holders
 * in the same order again (a busy webhook's on-demand actions lost three reruns in a row without it).
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      // TypeORM wraps the pg error (QueryFailedError.driverError); a pool query throws it bare.
      const { code, driverError } = error as { code?: string; driverError?: { code?: string } };
      if ((code ?? driverError?.code) !== DEADLOCK || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * (10 + Math.random() * 40)));
    }
  }
}

/** Runs `deleteBatch` until it deletes fewer than `limit` rows; answers the total. */
export async function deleteInBatches(deleteBatch: () => Promise<number>, limit: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < limit) return total;
  }
}
