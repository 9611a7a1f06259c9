import { mutateReturning } from '@app/database';
import { EntityManager } from 'typeorm';

export type DisableReason = 'member_removed' | 'api_key_deleted' | 'gone' | 'timeouts' | 'failing';

/**
 * Disables the active webhooks created by a member or an API key (SPEC.md "States and
 * transitions"), inside the caller's transaction; answers how many were disabled.
 */
export async function disableWebhooksCreatedBy(
  manager: EntityManager,
  creator: { memberId?: string; apiKeyId?: string },
  reason: DisableReason,
): Promise<number> {
  const exists = await manager.query(`SELECT to_regclass('webhooks') IS NOT NULL AS present`);
  if (!exists[0]?.present) return 0;
  const column = creator.memberId ? 'created_by_member_id' : 'created_by_api_key_id';
  const value = creator.memberId ?? creator.apiKeyId;
  const rows = await mutateReturning(
    manager,
    `UPDATE webhooks SET status = 'disabled', disabled_reason = $2, updated_at = now()
      WHERE ${column} = $1 AND status = 'active' RETURNING id`,
    [value, reason],
  );
  return rows.length;
}
