import { DataSource, DataSourceOptions } from 'typeorm';
import { ApiKey } from './entities/api-key.entity';
import { OutboxEvent } from './entities/event.entity';
import { List } from './entities/list.entity';
import { Member } from './entities/member.entity';
import { Notification } from './entities/notification.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookTask } from './entities/webhook-task.entity';
import { Webhook } from './entities/webhook.entity';
import { Workspace } from './entities/workspace.entity';
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

/** Every entity, listed by hand: globs break silently in builds. */
export const ENTITIES = [Workspace, Member, ApiKey, List, OutboxEvent, Webhook, WebhookTask, WebhookDelivery, Notification];

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
];

/** The one data source definition that the API, the worker, the CLI and the migration runner share. */
export function dataSourceOptions(databaseUrl: string, overrides: Partial<DataSourceOptions> = {}): DataSourceOptions {
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
    extra: { max: 20, connectionTimeoutMillis: 10_000, application_name: 'prospecting-service' },
    ...overrides,
  } as DataSourceOptions;
}

export function createDataSource(databaseUrl: string, overrides: Partial<DataSourceOptions> = {}): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl, overrides));
}
