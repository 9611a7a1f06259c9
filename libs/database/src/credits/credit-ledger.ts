/**
 * The credit ledger: the only way a workspace's balance changes. Each change updates
 * `workspaces.credits` and writes one `credit_transactions` row in the caller's transaction, so the
 * balance always equals the sum of the workspace's rows (docs/credits.md).
 */
import { newId } from '@app/common';
import type { EntityManager } from 'typeorm';
import { mutateReturning } from '../sql';
import type { CreditReason, CreditTransaction } from './credit-transaction-record';

export { CREDIT_TRANSACTION_REASONS, toCreditTransaction } from './credit-transaction-record';
export type { CreditReason, CreditTransaction, CreditTransactionRow } from './credit-transaction-record';

export interface CreditChange {
  workspaceId: string;
  reason: CreditReason;
  /** The API request (x-request-id) or CLI command that made the change. */
  requestId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Locks the workspace row until the caller's transaction ends and answers its balance: every
 * credit change of a workspace runs after this, one at a time. Null: no such workspace.
 */
export async function lockBalance(m: Pick<EntityManager, 'query'>, workspaceId: string): Promise<number | null> {
  const rows: Array<{ credits: string }> = await m.query(`SELECT credits FROM workspaces WHERE id = $1 FOR UPDATE`, [
    workspaceId,
  ]);
  return rows.length === 0 ? null : Number(rows[0].credits);
}

/**
 * Adds `amount` (negative spends) to the balance and records it. Answers the ledger row, or null
 * when the workspace does not exist. A change of 0 writes nothing and answers null: the ledger
 * holds changes only. The balance's CHECK (>= 0) fails a spend past it.
 */
export async function addCredits(
  m: Pick<EntityManager, 'query'>,
  change: CreditChange & { amount: number },
): Promise<CreditTransaction | null> {
  if (change.amount === 0) return null;
  const rows = await mutateReturning<{ credits: string }>(
    m,
    `UPDATE workspaces SET credits = credits + $2 WHERE id = $1 RETURNING credits`,
    [change.workspaceId, change.amount],
  );
  if (rows.length === 0) return null;
  return insertTransaction(m, change, change.amount, Number(rows[0].credits));
}

/** Sets the balance (credits:set) and records the difference. Null when the workspace does not exist. */
export async function setCredits(
  m: Pick<EntityManager, 'query'>,
  change: CreditChange & { balance: number },
): Promise<{ balance: number; transaction: CreditTransaction | null } | null> {
  const before = await lockBalance(m, change.workspaceId);
  if (before === null) return null;
  if (before === change.balance) return { balance: before, transaction: null };
  return { balance: change.balance, transaction: await addCredits(m, { ...change, amount: change.balance - before }) };
}

async function insertTransaction(
  m: Pick<EntityManager, 'query'>,
  change: CreditChange,
  amount: number,
  balanceAfter: number,
): Promise<CreditTransaction> {
  const row: CreditTransaction = {
    id: newId('creditTransaction'),
    amount,
    balance_after: balanceAfter,
    reason: change.reason,
    request_id: change.requestId ?? null,
    details: change.details ?? {},
    created_at: '',
  };
  const [inserted] = await mutateReturning<{ created_at: Date }>(
    m,
    `INSERT INTO credit_transactions (id, workspace_id, amount, balance_after, reason, request_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING created_at`,
    [row.id, change.workspaceId, amount, balanceAfter, row.reason, row.request_id, JSON.stringify(row.details)],
  );
  row.created_at = new Date(inserted.created_at).toISOString();
  return row;
}
