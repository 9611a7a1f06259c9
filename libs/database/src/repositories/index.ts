import { CompanyRepository } from './company.repository';
import { CreditRepository } from './credit.repository';
import { ListRepository } from './list.repository';
import { NotificationRepository } from './notification.repository';
import { PersonRepository } from './person.repository';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookRepository } from './webhook.repository';
import { WorkspaceRepository } from './workspace.repository';

export * from './company.repository';
export * from './credit.repository';
export * from './list.repository';
export * from './notification.repository';
export * from './page';
export * from './person.repository';
export * from './quota-usage';
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
];
