import { AuthContext, isOpaqueId, malformedIdError, notFoundError, unauthorizedError } from '@app/common';
import { WebhookRepository, WorkspaceRepository } from '@app/database';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { WebhookRow } from './webhook-record';

/** Throws 400 (no code) for an id that cannot be one of ours. */
export function checkPathId(field: string, id: string): void {
  if (!isOpaqueId(id)) throw malformedIdError(field);
}

/** The checks every webhook route makes before it reads or changes a webhook. */
@Injectable()
export class WebhookAccess {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly workspaces: WorkspaceRepository,
  ) {}

  /**
   * The caller's webhook, optionally locked for update; another workspace's id answers 404 as if
   * it did not exist (docs/api.md#authentication).
   */
  async requireWebhook(
    workspaceId: string,
    id: string,
    manager?: EntityManager,
    forUpdate = false,
  ): Promise<WebhookRow> {
    checkPathId('id', id);
    const row = await this.webhooks.find(workspaceId, id, manager, forUpdate);
    if (row === null) throw notFoundError('webhook');
    return row;
  }

  /** Serializes changes to a workspace's set of active webhooks, so concurrent creates cannot pass the limit. */
  async lockWorkspaceWebhooks(manager: EntityManager, workspaceId: string): Promise<void> {
    await this.webhooks.lockWorkspace(workspaceId, manager);
  }

  /**
   * Rechecks, inside the caller's transaction, that its API key and member are still live, and
   * holds them FOR SHARE until commit. A concurrent `api-key:delete` or `member:remove` then either
   * waits for this transaction (and disables what it created) or commits first (and this answers
   * 401): no active webhook is ever left behind by a revoked key, whatever the key cache says.
   */
  async lockLiveCaller(manager: EntityManager, auth: AuthContext): Promise<void> {
    if (!(await this.workspaces.lockLiveCaller(auth, manager)))
      throw unauthorizedError('the API key is unknown or no longer active');
  }
}
