import { disableWebhooksCreatedBy } from '@app/webhooks';
import {
  addCredits,
  lockBalance,
  retryOnDeadlock,
  setCredits as setLedgerBalance,
  WorkspaceRepository,
} from '@app/database';
import { DataSource } from 'typeorm';
import { CliError, CommandOptions } from '../cli-args';
import { announceRevocation } from '../revocation';

const MAX_CREDITS = 1_000_000_000_000;

/** workspace:create --name N [--credits C]: a workspace with its owner member and a first API key. */
export async function createWorkspace(db: DataSource, o: CommandOptions) {
  const name = o.required('name');
  const credits = o.integer('credits', 0, 0, MAX_CREDITS);
  const workspaces = new WorkspaceRepository(db);
  return db.transaction(async (manager) => {
    // The opening credits go through the ledger, so the balance equals the sum of its rows from the start.
    const workspaceId = await workspaces.create(name, manager);
    await addCredits(manager, {
      workspaceId,
      amount: credits,
      reason: 'workspace_created',
      requestId: 'cli:workspace:create',
    });
    const memberId = await workspaces.addMember(workspaceId, 'Owner', 'owner', manager);
    const key = await workspaces.createApiKey(workspaceId, memberId, manager);
    return { workspace_id: workspaceId, member_id: memberId, ...key };
  });
}

/** member:add --workspace W --name N */
export async function addMember(db: DataSource, o: CommandOptions) {
  const workspaceId = o.required('workspace');
  const name = o.required('name');
  const workspaces = new WorkspaceRepository(db);
  return db.transaction(async (manager) => {
    if (!(await workspaces.exists(workspaceId, manager))) throw new CliError(`member:add: no workspace ${workspaceId}`);
    return { member_id: await workspaces.addMember(workspaceId, name, 'member', manager) };
  });
}

/**
 * member:remove --member M: the member's keys stop working on every API replica at once (the
 * removal is announced on Redis after commit) and the webhooks they created are disabled in the
 * same transaction as the removal.
 */
export async function removeMember(db: DataSource, o: CommandOptions) {
  const memberId = o.required('member');
  const workspaces = new WorkspaceRepository(db);
  // Disabling locks webhooks, then their pending tasks: the worker, recording attempts, holds tasks and then wants the
  // webhook's row. PostgreSQL aborts one of the two as a deadlock victim; this side runs again.
  const result = await retryOnDeadlock(() =>
    db.transaction(async (manager) => {
      if (!(await workspaces.removeMember(memberId, manager)))
        throw new CliError(`member:remove: no member ${memberId}`);
      const disabled = await disableWebhooksCreatedBy(manager, { memberId }, 'member_removed');
      return { removed: true, webhooks_disabled: disabled };
    }),
  );
  await announceRevocation({ memberId });
  return result;
}

/** api-key:create --member M */
export async function createApiKey(db: DataSource, o: CommandOptions) {
  const memberId = o.required('member');
  const workspaces = new WorkspaceRepository(db);
  return db.transaction(async (manager) => {
    const workspaceId = await workspaces.activeMemberWorkspace(memberId, manager);
    if (workspaceId === null) throw new CliError(`api-key:create: no active member ${memberId}`);
    return workspaces.createApiKey(workspaceId, memberId, manager);
  });
}

/**
 * api-key:delete --id K: the key answers 401 on every API replica from then on (the deletion is
 * announced on Redis after commit, see announceRevocation); its webhooks are disabled in the
 * same transaction as the deletion.
 */
export async function deleteApiKey(db: DataSource, o: CommandOptions) {
  const apiKeyId = o.required('id');
  const workspaces = new WorkspaceRepository(db);
  // As member:remove: a deadlock with the worker's attempt records runs again.
  const result = await retryOnDeadlock(() =>
    db.transaction(async (manager) => {
      if (!(await workspaces.deleteApiKey(apiKeyId, manager)))
        throw new CliError(`api-key:delete: no API key ${apiKeyId}`);
      const disabled = await disableWebhooksCreatedBy(manager, { apiKeyId }, 'api_key_deleted');
      return { deleted: true, webhooks_disabled: disabled };
    }),
  );
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
