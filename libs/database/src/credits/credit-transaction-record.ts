// No imports: unit specs load this file without Nest or a database, and the ledger imports its types.

export type CreditReason = 'workspace_created' | 'credits_set' | 'people_save';

/** One `credit_transactions` row as the API answers it. */
export interface CreditTransaction {
  id: string;
  amount: number;
  balance_after: number;
  reason: CreditReason | 'opening_balance';
  request_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** Every `credit_transactions.reason` (the migration's CHECK), in the order docs/credits.md explains them. */
export const CREDIT_TRANSACTION_REASONS = [
  'opening_balance',
  'workspace_created',
  'credits_set',
  'people_save',
] as const satisfies ReadonlyArray<CreditTransaction['reason']>;

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
