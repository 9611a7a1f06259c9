// No runtime imports: unit specs load this file without Nest or a database.
import type { CreditTransaction } from './credit-ledger';

/** Every `credit_transactions.reason` (the migration's CHECK), in the order docs/credits.md explains them. */
export const CREDIT_TRANSACTION_REASONS = ['opening_balance', 'workspace_created', 'credits_set', 'people_save'] as const satisfies ReadonlyArray<CreditTransaction['reason']>;

/** A `credit_transactions` row as node-postgres answers it: bigint columns arrive as strings. */
export interface CreditTransactionRow {
  id: string;
  amount: string | number;
  balance_after: string | number;
  reason: CreditTransaction['reason'];
  request_id: string | null;
  details: Record<string, unknown> | null;
  created_at: Date | string;
}

/** The row as the API answers it: figures as JSON numbers, the time in ISO 8601 UTC. */
export function toCreditTransaction(row: CreditTransactionRow): CreditTransaction {
  return {
    id: row.id,
    amount: Number(row.amount),
    balance_after: Number(row.balance_after),
    reason: row.reason,
    request_id: row.request_id,
    details: row.details ?? {},
    created_at: new Date(row.created_at).toISOString(),
  };
}
