import { createDataSource } from './data-source';

/** Applies pending migrations under an advisory lock, so two starters never race; answers their names. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = createDataSource(databaseUrl, { extra: { max: 2 } });
  await dataSource.initialize();
  try {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(727274)');
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      // Migrations may rewrite the search tables (backfills): fresh statistics and visibility map, so
      // search counts stay index-only scans. VACUUM cannot run inside a migration's transaction.
      if (applied.length > 0) await runner.query('VACUUM (ANALYZE) people, companies');
      await runner.query('SELECT pg_advisory_unlock(727274)');
      return applied.map((m) => m.name);
    } finally {
      await runner.release();
    }
  } finally {
    await dataSource.destroy();
  }
}
