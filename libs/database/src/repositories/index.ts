import { CompanyRepository } from './company.repository';
import { CreditRepository } from './credit.repository';
import { EmailVerificationJobRepository } from './email-verification-job.repository';
import { IdempotencyKeyRepository } from './idempotency-key.repository';
import { ListRepository } from './list.repository';
import { NotificationRepository } from './notification.repository';
import { PeopleExportRepository } from './people-export.repository';
import { PersonRepository } from './person.repository';
import { TableStatisticsRepository } from './table-statistics.repository';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookRepository } from './webhook.repository';
import { WorkspaceRepository } from './workspace.repository';

export * from './company.repository';
export * from './credit.repository';
export * from './email-verification-job.repository';
export * from './idempotency-key.repository';
export * from './list.repository';
export * from './notification.repository';
export * from './page';
export * from './people-export.repository';
export * from './person.repository';
export * from './quota-usage';
export * from './table-activity';
export * from './table-statistics.repository';
export * from './webhook-delivery.repository';
export * from './webhook.repository';
export * from './workspace.repository';

/** Every repository, provided and exported by DatabaseModule. */
export const REPOSITORIES = [
  WorkspaceRepository,
  CreditRepository,
  ListRepository,
  WebhookRepository,
  WebhookDeliveryRepository,
  NotificationRepository,
  CompanyRepository,
  PersonRepository,
  EmailVerificationJobRepository,
  PeopleExportRepository,
  TableStatisticsRepository,
  IdempotencyKeyRepository,
];
