import { EntityManager } from 'typeorm';

/**
 * Runs an UPDATE or DELETE … RETURNING and answers the returned rows. TypeORM's postgres driver
 * answers such statements as `[rows, affectedCount]`, unlike SELECT and INSERT.
 */
export async function mutateReturning<T = Record<string, unknown>>(manager: Pick<EntityManager, 'query'>, sql: string, params: unknown[]): Promise<T[]> {
  const result = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
