import { AuthContext, conflictError, listAnswer, newId, PageRequest, validationError, WithMetadata } from '@app/common';
import { APP_CONFIG, AppConfig, parseDuration } from '@app/config';
import { recordEvent, retryOnDeadlock, WebhookRepository, WebhookStatus } from '@app/database';
import {
  checkTargetUrl,
  configKeyring,
  disableWebhook,
  generateWebhookSecret,
  ReceiverResolver,
  sealSecret,
  SecretKeyring,
} from '@app/webhooks';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { RotateSecretDto } from './dto/rotate-secret.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { WebhookActionThrottle } from './webhook-action-throttle';
import { checkPathId, WebhookAccess } from './webhook-access';
import { distinctEvents, toWebhookRecord, WebhookRecord, WebhookRow } from './webhook-record';

/** Active webhooks per workspace (docs/api.md#webhooks). */
export const MAX_ACTIVE_WEBHOOKS = 25;
const MAX_GRACE_MS = 7 * 86_400_000;
const DEFAULT_GRACE = '24h';

@Injectable()
export class WebhooksService {
  /** The worker's resolver (c-ares, cached, own timeout), so registration and delivery agree on what a name resolves to. */
  private readonly resolver: ReceiverResolver;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly throttle: WebhookActionThrottle,
    private readonly access: WebhookAccess,
    private readonly webhooks: WebhookRepository,
  ) {
    this.resolver = ReceiverResolver.fromConfig(config);
  }

  private get keyring(): SecretKeyring {
    return configKeyring(this.config);
  }

  /**
   * 400 `invalid_value` on `url` unless the receiver is allowed (https on a public host, port 443
   * or 8443, by default; a refused port adds `allowed_ports`); answers the URL as stored: trimmed,
   * then the WHATWG serialisation (`new URL().href`), so the same receiver written two ways reads the same.
   */
  private async checkUrl(raw: string): Promise<string> {
    const url = raw.trim();
    const check = await checkTargetUrl(url, {
      allowPrivate: this.config.webhookAllowPrivateTargets,
      allowedPorts: this.config.webhookAllowedPorts,
      resolve: (host) => this.resolver.resolve(host),
    });
    if (!check.ok) {
      throw validationError('url', 'invalid_value', check.reason, {
        received_value: url.slice(0, 200),
        received_type: 'string',
        ...(check.allowedPorts ? { allowed_ports: check.allowedPorts } : {}),
      });
    }
    return check.url.href;
  }

  /** 400 `out_of_range` when the workspace already has the most active webhooks (the caller holds the lock). */
  private async checkRoomForActive(
    manager: EntityManager,
    workspaceId: string,
    field: string,
    exceptId: string | null,
  ): Promise<void> {
    const count = await this.webhooks.countActive(workspaceId, exceptId, manager);
    if (count >= MAX_ACTIVE_WEBHOOKS) {
      throw validationError(
        field,
        'out_of_range',
        `a workspace can have at most ${MAX_ACTIVE_WEBHOOKS} active webhooks; disable or delete one first`,
        {
          limit: MAX_ACTIVE_WEBHOOKS,
          counted: 'active',
        },
      );
    }
  }

  /**
   * 400 `out_of_range` when the workspace already has WEBHOOK_MAX_PER_WORKSPACE webhooks, disabled
   * ones included: each is a row, a secret and history kept, and could be re-enabled (the caller holds the lock).
   */
  private async checkRoomForAny(manager: EntityManager, workspaceId: string): Promise<void> {
    const max = this.config.webhookMaxPerWorkspace;
    const count = await this.webhooks.count(workspaceId, manager);
    if (count >= max) {
      throw validationError(
        'webhooks',
        'out_of_range',
        `a workspace can have at most ${max} webhooks, disabled ones included; delete one first`,
        {
          limit: max,
          counted: 'all',
        },
      );
    }
  }

  async create(auth: AuthContext, dto: CreateWebhookDto): Promise<WebhookRecord & { secret: string }> {
    const url = await this.checkUrl(dto.url);
    const secret = generateWebhookSecret();
    // The id is chosen here: the sealed secret is bound to it (associated data).
    const id = newId('webhook');
    const ciphertext = sealSecret(secret, id, this.keyring);
    return this.db.transaction(async (manager) => {
      await this.access.lockWorkspaceWebhooks(manager, auth.workspaceId);
      await this.access.lockLiveCaller(manager, auth);
      await this.checkRoomForAny(manager, auth.workspaceId);
      await this.checkRoomForActive(manager, auth.workspaceId, 'webhooks', null);
      // The database clock, as for events: the relay compares the two, and API replicas' clocks may differ.
      const row = await this.webhooks.insert(
        {
          id,
          workspaceId: auth.workspaceId,
          url,
          events: distinctEvents(dto.events),
          description: dto.description ?? null,
          secretCiphertext: ciphertext,
          createdByMemberId: auth.memberId,
          createdByApiKeyId: auth.apiKeyId,
        },
        manager,
      );
      return { ...toWebhookRecord(row), secret };
    });
  }

  /** A page of the workspace's webhooks, newest first, optionally in one status. */
  async list(
    auth: AuthContext,
    status: WebhookStatus | undefined,
    page: PageRequest,
  ): Promise<WithMetadata<WebhookRecord[]>> {
    const found = await this.webhooks.page(auth.workspaceId, status, page);
    return listAnswer(found.items.map(toWebhookRecord), page, found.total);
  }

  async get(auth: AuthContext, id: string): Promise<WebhookRecord> {
    return toWebhookRecord(await this.access.requireWebhook(auth.workspaceId, id));
  }

  async update(auth: AuthContext, id: string, dto: UpdateWebhookDto): Promise<WebhookRecord> {
    checkPathId('id', id);
    if (
      dto.url === undefined &&
      dto.events === undefined &&
      dto.description === undefined &&
      dto.status === undefined
    ) {
      throw validationError('body', 'invalid_value', 'give at least one of url, events, description, status');
    }
    const url = dto.url === undefined ? undefined : await this.checkUrl(dto.url);
    if (dto.status === 'active') {
      // Re-enabling restarts deliveries: an on-demand action, counted against the host it will send to.
      const current = await this.access.requireWebhook(auth.workspaceId, id);
      await this.throttle.spend('reenable', auth.workspaceId, url ?? current.url);
    }
    // Disabling locks the webhook, then drops its pending tasks: the worker, recording an attempt, holds tasks and
    // then wants the webhook's row; PostgreSQL aborts one of the two, and this one runs again.
    return retryOnDeadlock(() =>
      this.db.transaction(async (manager) => {
        if (dto.status === 'active') {
          await this.access.lockWorkspaceWebhooks(manager, auth.workspaceId);
          await this.access.lockLiveCaller(manager, auth); // a key revoked meanwhile must not re-enable anything
        }
        const current = await this.access.requireWebhook(auth.workspaceId, id, manager, true);
        const reactivate = dto.status === 'active' && current.status === 'disabled';
        if (reactivate) await this.checkRoomForActive(manager, auth.workspaceId, 'status', id);
        await this.webhooks.update(
          id,
          {
            url,
            events: dto.events === undefined ? undefined : distinctEvents(dto.events),
            description: dto.description,
            reactivate,
          },
          manager,
        );
        if (dto.status === 'disabled') await disableWebhook(manager, id, 'manual', false);
        return toWebhookRecord(await this.access.requireWebhook(auth.workspaceId, id, manager));
      }),
    );
  }

  /**
   * Deletes the webhook; its delivery tasks and history go with it (ON DELETE CASCADE). The worker records an
   * attempt by inserting a delivery (a key-share lock on this row) and then updating the webhook's health, so a
   * delete in between can deadlock with it; PostgreSQL may pick the delete as the victim, which then runs again.
   */
  async remove(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    checkPathId('id', id);
    const deleted = await retryOnDeadlock(() => this.webhooks.delete(auth.workspaceId, id));
    if (!deleted) await this.access.requireWebhook(auth.workspaceId, id);
    return { id, deleted: true };
  }

  /**
   * Writes a `webhook.test` event for this webhook alone; the worker delivers it like any event.
   * A disabled webhook gets no deliveries, so its test answers 409 rather than an event never sent;
   * the row lock keeps a concurrent disable from slipping between the check and the event.
   */
  async sendTest(
    auth: AuthContext,
    id: string,
  ): Promise<{ event_id: string; type: 'webhook.test'; webhook_id: string; webhook_status: string }> {
    // Checked, then counted against the on-demand throttle, then checked again under the lock.
    const target = refuseDisabledTest(await this.access.requireWebhook(auth.workspaceId, id));
    await this.throttle.spend('test', auth.workspaceId, target.url);
    return this.db.transaction(async (manager) => {
      const hook = refuseDisabledTest(await this.access.requireWebhook(auth.workspaceId, id, manager, true));
      const event = await recordEvent(manager, auth.workspaceId, 'webhook.test', { webhook_id: id }, { webhookId: id });
      return { event_id: event.id, type: 'webhook.test', webhook_id: id, webhook_status: hook.status };
    });
  }

  /** New secret, answered once; the previous one keeps signing beside it for `grace`. */
  async rotateSecret(
    auth: AuthContext,
    id: string,
    dto: RotateSecretDto,
  ): Promise<{ id: string; secret: string; previous_secret_expires_at: string | null }> {
    checkPathId('id', id);
    const graceMs = parseGrace(dto.grace ?? DEFAULT_GRACE);
    const secret = generateWebhookSecret();
    const ciphertext = sealSecret(secret, id, this.keyring);
    return this.db.transaction(async (manager) => {
      await this.access.requireWebhook(auth.workspaceId, id, manager, true);
      const expires = await this.webhooks.rotateSecret(id, ciphertext, graceMs, manager);
      return { id, secret, previous_secret_expires_at: expires ? expires.toISOString() : null };
    });
  }
}

/** A disabled webhook gets no deliveries: its test answers 409 rather than an event never sent. */
function refuseDisabledTest(hook: WebhookRow): WebhookRow {
  if (hook.status !== 'active') {
    throw conflictError('the webhook is disabled: set its status to active first', {
      field: 'id',
      webhook_status: hook.status,
      disabled_reason: hook.disabled_reason,
    });
  }
  return hook;
}

/** `grace` of rotate-secret: a duration from 0 to 7 days. */
export function parseGrace(grace: string): number {
  const ms = parseDuration(grace);
  if (ms === null)
    throw validationError('grace', 'invalid_format', 'grace must be a duration such as 0, 30m, 24h or 7d', {
      received_value: grace,
      received_type: 'string',
    });
  if (ms > MAX_GRACE_MS)
    throw validationError('grace', 'out_of_range', 'grace must be between 0 and 7d', {
      received_value: grace,
      received_type: 'string',
    });
  return ms;
}
