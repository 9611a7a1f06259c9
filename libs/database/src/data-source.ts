import type { AppConfig } from '@app/config';
import type { Pool } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { Foundation1763769600000 } from './migrations/1763769600000-foundation';
import { PeopleDataset1763769700000 } from './migrations/1763769700000-people-dataset';
import { CompanyLookupIndexes1763769800000 } from './migrations/1763769800000-company-lookup-indexes';
import { Webhooks1763769900000 } from './migrations/1763769900000-webhooks';
import { EmailVerifications1763770000000 } from './migrations/1763770000000-email-verifications';
import { HistoryPruningIndexes1763770100000 } from './migrations/1763770100000-history-pruning-indexes';
import { PeopleSearch1763770200000 } from './migrations/1763770200000-people-search';
import { SearchSuggestions1763770300000 } from './migrations/1763770300000-search-suggestions';
import { CreditsAndExports1763770400000 } from './migrations/1763770400000-credits-and-exports';
import { PeopleCompanyRank1763770500000 } from './migrations/1763770500000-people-company-rank';
import { PeopleFollowersCover1763770600000 } from './migrations/1763770600000-people-followers-cover';
import { WebhookDeliveryRetryDropped1763770900000 } from './migrations/1763770900000-webhook-delivery-retry-dropped';
import { SearchSortAndPhraseVectors1763771100000 } from './migrations/1763771100000-search-sort-and-phrase-vectors';
import { PeopleHeadcountSort1763771200000 } from './migrations/1763771200000-people-headcount-sort';
import { OwnedAddressesAndJobRetention1763771327000 } from './migrations/1763771327000-owned-addresses-and-job-retention';
import { IdempotencyKeys1795652007523 } from './migrations/1795652007523-idempotency-keys';
import { PeopleIndexDiet1795800000000 } from './migrations/1795800000000-people-index-diet';
import { WebhookTaskClaims1795700000000 } from './migrations/1795700000000-webhook-task-claims';
import { WorkspaceSearchSetsVersion1795900000000 } from './migrations/1795900000000-workspace-search-sets-version';
import { WebhookTasksFinishedByWebhook1796000000000 } from './migrations/1796000000000-webhook-tasks-finished-by-webhook';
import { PeopleProNetworkKeyHash1796100000000 } from './migrations/1796100000000-people-pro-network-key-hash';
import { PeopleSeniorityCover1796200000000 } from './migrations/1796200000000-people-seniority-cover';
import { CompanyFacetCodes1796300000000 } from './migrations/1796300000000-company-facet-codes';
import { PeopleCompanyShare1796400000000 } from './migrations/1796400000000-people-company-share';
import { WebhookTasksOnePendingIndex1796500000000 } from './migrations/1796500000000-webhook-tasks-one-pending-index';
import { PeopleCompanyStatistics1796600000000 } from './migrations/1796600000000-people-company-statistics';

/** Every migration, in order. */
export const MIGRATIONS = [
  Foundation1763769600000,
  PeopleDataset1763769700000,
  CompanyLookupIndexes1763769800000,
  Webhooks1763769900000,
  EmailVerifications1763770000000,
  HistoryPruningIndexes1763770100000,
  PeopleSearch1763770200000,
  SearchSuggestions1763770300000,
  CreditsAndExports1763770400000,
  PeopleCompanyRank1763770500000,
  PeopleFollowersCover1763770600000,
  WebhookDeliveryRetryDropped1763770900000,
  SearchSortAndPhraseVectors1763771100000,
  PeopleHeadcountSort1763771200000,
  OwnedAddressesAndJobRetention1763771327000,
  IdempotencyKeys1795652007523,
  WebhookTaskClaims1795700000000,
  PeopleIndexDiet1795800000000,
  WorkspaceSearchSetsVersion1795900000000,
  WebhookTasksFinishedByWebhook1796000000000,
  PeopleProNetworkKeyHash1796100000000,
  PeopleSeniorityCover1796200000000,
  CompanyFacetCodes1796300000000,
  PeopleCompanyShare1796400000000,
  WebhookTasksOnePendingIndex1796500000000,
  PeopleCompanyStatistics1796600000000,
];

/** The limits every pool of the API, the worker and the CLI sets (DB_* variables, docs/operations.md#when-postgresql-or-redis-is-down). */
export interface PoolTimeouts {
  /** `statement_timeout`; 0 leaves it off. */
  statementTimeoutMs: number;
  /** `lock_timeout`; 0 leaves it off. */
  lockTimeoutMs: number;
  /** `idle_in_transaction_session_timeout`; 0 leaves it off. */
  idleInTransactionTimeoutMs: number;
  /** How long the pool waits for a connection (an idle one or a new one) before failing. */
  acquireTimeoutMs: number;
}

export function poolTimeouts(
  config: Pick<
    AppConfig,
    'dbStatementTimeoutMs' | 'dbLockTimeoutMs' | 'dbIdleInTransactionTimeoutMs' | 'dbAcquireTimeoutMs'
  >,
): PoolTimeouts {
  return {
    statementTimeoutMs: config.dbStatementTimeoutMs,
    lockTimeoutMs: config.dbLockTimeoutMs,
    idleInTransactionTimeoutMs: config.dbIdleInTransactionTimeoutMs,
    acquireTimeoutMs: config.dbAcquireTimeoutMs,
  };
}

/**
 * `request`: a caller waiting for a connection fails after DB_ACQUIRE_TIMEOUT (the API answers 503
 * rather than hang). `background`: the worker's jobs and the CLI may wait longer for a busy pool;
 * jobs are retried anyway, and a short wait would only turn load into failed attempts.
 */
export type PoolWaiting = 'request' | 'background';

/** How long background work waits for a pool connection at least: node-postgres' wait before DB_ACQUIRE_TIMEOUT existed. */
export const BACKGROUND_ACQUIRE_TIMEOUT_MS = 10_000;

/** The pool limits of an app: every DB_* timeout, with the acquire wait of its kind of caller. */
export function appPoolTimeouts(config: Parameters<typeof poolTimeouts>[0], waiting: PoolWaiting): PoolTimeouts {
  const timeouts = poolTimeouts(config);
  return waiting === 'request'
    ? timeouts
    : { ...timeouts, acquireTimeoutMs: Math.max(timeouts.acquireTimeoutMs, BACKGROUND_ACQUIRE_TIMEOUT_MS) };
}

/**
 * The node-postgres pool settings for the limits: the three timeouts are sent as start-up
 * parameters of every connection (no round trip per request; a session or transaction may still
 * SET its own), and `connectionTimeoutMillis` bounds the wait for a connection.
 */
export function pgPoolSettings(timeouts: PoolTimeouts): Record<string, number> {
  const settings: Record<string, number> = { connectionTimeoutMillis: timeouts.acquireTimeoutMs };
  // pg sends a setting only when it is not 0; 0 is also the server's "off".
  if (timeouts.statementTimeoutMs > 0) settings.statement_timeout = timeouts.statementTimeoutMs;
  if (timeouts.lockTimeoutMs > 0) settings.lock_timeout = timeouts.lockTimeoutMs;
  if (timeouts.idleInTransactionTimeoutMs > 0)
    settings.idle_in_transaction_session_timeout = timeouts.idleInTransactionTimeoutMs;
  return settings;
}

/**
 * The one data source definition that the API, the worker, the CLI and the migration runner share.
 * Without `timeouts` (the migration runner: index builds may run for hours) no limit is set.
 */
export function dataSourceOptions(
  databaseUrl: string,
  overrides: Partial<DataSourceOptions> = {},
  timeouts?: PoolTimeouts,
): DataSourceOptions {
  const extra = {
    max: 20,
    connectionTimeoutMillis: 10_000,
    application_name: 'prospecting-service',
    ...(timeouts ? pgPoolSettings(timeouts) : {}),
  };
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Off: TypeORM's own logger prints a failed statement with its parameters (emails, webhook URLs) to stderr.
    // Failures reach our logs through the callers, whose `err` serializer drops the SQL (libs/common logging).
    logging: false,
    ...overrides,
    extra: { ...extra, ...(overrides as { extra?: object }).extra },
  } as DataSourceOptions;
}

export function createDataSource(
  databaseUrl: string,
  overrides: Partial<DataSourceOptions> = {},
  timeouts?: PoolTimeouts,
): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl, overrides, timeouts));
}

/** The primary's pg pool under a TypeORM data source: for hot reads as named statements, and for replica routing. */
export function primaryPool(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}
