import { apiKeyHint, generateApiKey, hashApiKey, newId } from '@app/common';
import { disableWebhooksCreatedBy } from '@app/webhooks';
import { addCredits, lockBalance, mutateReturning, setCredits as setLedgerBalance } from '@app/database';
import { DataSource, EntityManager } from 'typeorm';
import { CliError, CommandOptions } from '../cli-args';
import { announceRevocation } from '../revocation';

const MAX_CREDITS = 1_000_000_000_000;

async function insertApiKey(manager: EntityManager, workspaceId: string, memberId: string) {
  const apiKey = generateApiKey();
  const apiKeyId = newId('apiKey');
  await manager.query(`INSERT INTO api_keys (id, workspace_id, member_id, key_hash, key_hint) VALUES ($1, $2, $3, $4, $5)`, [
    apiKeyId,
    workspaceId,
    memberId,
    hashApiKey(apiKey),
    apiKeyHint(apiKey),
  ]);
  return { api_key_id: apiKeyId, api_key: apiKey };
}

async function insertMember(manager: EntityManager, workspaceId: string, name: string, role: 'owner' | 'member') {
  const memberId = newId('member');
  await manager.query(`INSERT INTO members (id, workspace_id, name, role) VALUES ($1, $2, $3, $4)`, [memberId, workspaceId, name, role]);
  return memberId;
}

/**
 * Sets `column` to now() on row `id` unless it is set already (a repeated removal is no error).
 * Answers false when there is no such row.
 */
async function stampOnce(manager: EntityManager, table: 'members' | 'api_keys', column: 'removed_at' | 'deleted_at', id: string): Promise<boolean> {
  const rows = await mutateReturning(manager, `UPDATE ${table} SET ${column} = now() WHERE id = $1 AND ${column} IS NULL RETURNING id`, [id]);
  if (rows.length > 0) return true;
  const exists = await manager.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return exists.length > 0;
}

/** workspace:create --name N [--credits C]: a workspace with its owner member and a first API key. */
export async function createWorkspace(db: DataSource, o: CommandOptions) {
  const name = o.required('name');
  const credits = o.integer('credits', 0, 0, MAX_CREDITS);
  return db.transaction(async (manager) => {
    const workspaceId = newId('workspace');
    // The opening credits go through the ledger, so the balance equals the sum of its rows from the start.
    await manager.query(`INSERT INTO workspaces (id, name, credits) VALUES ($1, $2, 0)`, [workspaceId, name]);
    await addCredits(manager, { workspaceId, amount: credits, reason: 'workspace_created', requestId: 'cli:workspace:create' });
    const memberId = await insertMember(manager, workspaceId, 'Owner', 'owner');
    const key = await insertApiKey(manager, workspaceId, memberId);
    return { workspace_id: workspaceId, member_id: memberId, ...key };
  });
}

/** member:add --workspace W --name N */
export async function addMember(db: DataSource, o: CommandOptions) {
  const workspaceId = o.required('workspace');
  const name = o.required('name');
  return db.transaction(async (manager) => {
    const found = await manager.query(`SELECT 1 FROM workspaces WHERE id = $1`, [workspaceId]);
    if (found.length === 0) throw new CliError(`member:add: no workspace ${workspaceId}`);
    return { member_id: await insertMember(manager, workspaceId, name, 'member') };
  });
}

/**
 * member:remove --member M: the member's keys stop working on every API replica at once (the
 * removal is announced on Redis after commit) and the webhooks they created are disabled in the
 * same transaction as the removal.
 */
export async function removeMember(db: DataSource, o: CommandOptions) {
  const memberId = o.required('member');
  const result = await db.transaction(async (manager) => {
    if (!(await stampOnce(manager, 'members', 'removed_at', memberId))) throw new CliError(`member:remove: no member ${memberId}`);
    const disabled = await disableWebhooksCreatedBy(manager, { memberId }, 'member_removed');
    return { removed: true, webhooks_disabled: disabled };
  });
  await announceRevocation({ memberId });
  return result;
}

/** api-key:create --member M */
export async function createApiKey(db: DataSource, o: CommandOptions) {
  const memberId = o.required('member');
  return db.transaction(async (manager) => {
    const rows = await manager.query(`SELECT workspace_id FROM members WHERE id = $1 AND removed_at IS NULL`, [memberId]);
    if (rows.length === 0) throw new CliError(`api-key:create: no active member ${memberId}`);
    return insertApiKey(manager, rows[0].workspace_id, memberId);
  });
}

/**
 * api-key:delete --id K: the key answers 401 on every API replica from then on (the deletion is
 * announced on Redis after commit, see announceRevocation); its webhooks are disabled in the
 * same transaction as the deletion.
 */
export async function deleteApiKey(db: DataSource, o: CommandOptions) {
  const apiKeyId = o.required('id');
  const result = await db.transaction(async (manager) => {
    if (!(await stampOnce(manager, 'api_keys', 'deleted_at', apiKeyId))) throw new CliError(`api-key:delete: no API key ${apiKeyId}`);
    const disabled = await disableWebhooksCreatedBy(manager, { apiKeyId }, 'api_key_deleted');
    return { deleted: true, webhooks_disabled: disabled };
  });
  await announceRevocation({ apiKeyId });
  return result;
}

/**
 * credits:set --workspace W --balance C: one ledger row with the difference (none when the balance
 * is already C). The output stays `{"workspace_id","credits"}` (docs/cli.md); the row is read at
 * GET /v2/credits/transactions.
 */
export async function setCredits(db: DataSource, o: CommandOptions) {
  const workspaceId = o.required('workspace');
  const balance = o.integer('balance', undefined, 0, MAX_CREDITS);
  return db.transaction(async (manager) => {
    const previous = await lockBalance(manager, workspaceId);
    if (previous === null) throw new CliError(`credits:set: no workspace ${workspaceId}`);
    await setLedgerBalance(manager, {
      workspaceId,
      balance,
      reason: 'credits_set',
      requestId: 'cli:credits:set',
      details: { previous_balance: previous },
    });
    return { workspace_id: workspaceId, credits: balance };
  });
}
