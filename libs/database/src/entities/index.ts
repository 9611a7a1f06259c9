/**
 * The TypeORM entities: the model of every table the apps write.
 *
 * The schema changes only through migrations (../migrations); an entity never creates or alters a
 * table (`synchronize` stays off). test/database/entities-schema.e2e-spec.ts keeps the two equal:
 * it migrates a fresh database and fails on any difference TypeORM's schema diff finds. Indexes that
 * TypeORM cannot express (expressions, descending keys, INCLUDE, operator classes) are declared by
 * name with `synchronize: false`, their definition staying in the migration.
 */
import { ApiKey } from './api-key.entity';
import { Company } from './company.entity';
import { CompanyListMember } from './company-list-member.entity';
import { CreditTransactionEntity } from './credit-transaction.entity';
import { DatasetState } from './dataset-state.entity';
import { EmailVerificationJob } from './email-verification-job.entity';
import { EmailVerificationResult } from './email-verification-result.entity';
import { ExportedPerson } from './exported-person.entity';
import { OutboxEvent } from './event.entity';
import { IdempotencyKey } from './idempotency-key.entity';
import { List } from './list.entity';
import { Member } from './member.entity';
import { Notification } from './notification.entity';
import { PeopleExport } from './people-export.entity';
import { PeopleListMember } from './people-list-member.entity';
import { Person } from './person.entity';
import { PersonEmail } from './person-email.entity';
import { Position } from './position.entity';
import { SavedCompany } from './saved-company.entity';
import { SavedPerson } from './saved-person.entity';
import { SearchSuggestion } from './search-suggestion.entity';
import { SearchSuggestionWord } from './search-suggestion-word.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookTask } from './webhook-task.entity';
import { Webhook } from './webhook.entity';
import { Workspace } from './workspace.entity';

export * from './api-key.entity';
export * from './company.entity';
export * from './company-list-member.entity';
export * from './credit-transaction.entity';
export * from './dataset-state.entity';
export * from './email-verification-job.entity';
export * from './email-verification-result.entity';
export * from './exported-person.entity';
export * from './event.entity';
export * from './idempotency-key.entity';
export * from './list.entity';
export * from './member.entity';
export * from './notification.entity';
export * from './people-export.entity';
export * from './people-list-member.entity';
export * from './person.entity';
export * from './person-email.entity';
export * from './position.entity';
export * from './saved-company.entity';
export * from './saved-person.entity';
export * from './search-suggestion.entity';
export * from './search-suggestion-word.entity';
export * from './webhook-delivery.entity';
export * from './webhook-task.entity';
export * from './webhook.entity';
export * from './workspace.entity';

/** Every entity, listed by hand (globs break silently in builds); the data source maps exactly these. */
export const ENTITIES = [
  // Workspaces: members, keys, the event outbox, notifications, the credit ledger.
  Workspace,
  Member,
  ApiKey,
  OutboxEvent,
  Notification,
  IdempotencyKey,
  CreditTransactionEntity,
  // Webhooks and their delivery state and history.
  Webhook,
  WebhookTask,
  WebhookDelivery,
  // Saves and lists.
  SavedCompany,
  SavedPerson,
  List,
  CompanyListMember,
  PeopleListMember,
  // Jobs and exports.
  EmailVerificationJob,
  EmailVerificationResult,
  PeopleExport,
  ExportedPerson,
  // The data set (written by the dataset loader) and what is derived from it.
  Company,
  Person,
  Position,
  PersonEmail,
  DatasetState,
  SearchSuggestion,
  SearchSuggestionWord,
];
