import { CreditRepository } from './credit.repository';
import { ListRepository } from './list.repository';
import { WorkspaceRepository } from './workspace.repository';

export * from './credit.repository';
export * from './list.repository';
export * from './page';
export * from './workspace.repository';

/** Every repository, provided and exported by DatabaseModule. */
export const REPOSITORIES = [WorkspaceRepository, CreditRepository, ListRepository];
