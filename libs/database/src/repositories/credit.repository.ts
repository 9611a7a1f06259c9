import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CreditTransaction } from '../credits/credit-ledger';
import { CreditTransactionRow, toCreditTransaction } from '../credits/credit-transaction-record';
import { PageOf, PageWindow } from './page';

/** A page of the ledger with the balance read in the same snapshot. */
export interface LedgerPage extends PageOf<CreditTransaction> {
  /** Null when there is no such workspace. */
  balance: number | null;
}

/**
 * Reads of a workspace's credit ledger (`credit_transactions` and the balance it sums to). Changes go through
 * credits/credit-ledger.ts only, inside the transaction of what they pay for.
 */
@Injectable()
export class CreditRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page of the workspace's rows, newest first, optionally of one reason, with the count and the balance of
   * the same snapshot: a save committing between the reads could otherwise make them disagree.
   */
  async ledgerPage(workspaceId: string, reason: string | null, page: PageWindow): Promise<LedgerPage> {
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      await m.query(`SET TRANSACTION READ ONLY`);
      const balances: Array<{ credits: string }> = await m.query(`SELECT credits FROM workspaces WHERE id = $1`, [
        workspaceId,
      ]);
      const rows: CreditTransactionRow[] = await m.query(
        `SELECT id, amount, balance_after, reason, request_id, details, created_at
           FROM credit_transactions
          WHERE workspace_id = $1 AND ($2::text IS NULL OR reason = $2)
          ORDER BY created_at DESC, id DESC
          LIMIT $3 OFFSET $4`,
        [workspaceId, reason, page.perPage, page.offset],
      );
      const [{ total }]: Array<{ total: string }> = await m.query(
        `SELECT count(*) AS total FROM credit_transactions WHERE workspace_id = $1 AND ($2::text IS NULL OR reason = $2)`,
        [workspaceId, reason],
      );
      return {
        items: rows.map(toCreditTransaction),
        total: Number(total),
        balance: balances.length === 0 ? null : Number(balances[0].credits),
      };
    });
  }
}
