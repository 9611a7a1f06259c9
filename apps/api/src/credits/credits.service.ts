import { listAnswer, notFoundError, pageRequest, WithMetadata } from '@app/common';
import { CreditTransaction, CreditTransactionRow, toCreditTransaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ListCreditTransactionsQueryDto } from './dto/list-credit-transactions.query.dto';

/** Reads a workspace's credit ledger (docs/credits.md); changes go through libs/database/src/credits/credit-ledger.ts only. */
@Injectable()
export class CreditsService {
  constructor(private readonly dataSource: DataSource) {}

  async balance(workspaceId: string): Promise<{ balance: number }> {
    return { balance: await readBalance(this.dataSource.manager, workspaceId) };
  }

  /** One page of the workspace's rows, newest first, with the count and balance of the same snapshot. */
  async transactions(workspaceId: string, query: ListCreditTransactionsQueryDto): Promise<WithMetadata<CreditTransaction[]>> {
    const page = pageRequest(query);
    const reason = query.reason ?? null;
    // One snapshot: a save committing between the reads could otherwise make the page, the count and the
    // balance disagree (the balance is the sum of every row).
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      await m.query(`SET TRANSACTION READ ONLY`);
      const balance = await readBalance(m, workspaceId);
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
      return listAnswer(rows.map(toCreditTransaction), page, total, { balance });
    });
  }
}

async function readBalance(m: Pick<EntityManager, 'query'>, workspaceId: string): Promise<number> {
  const rows: Array<{ credits: string }> = await m.query(`SELECT credits FROM workspaces WHERE id = $1`, [workspaceId]);
  if (rows.length === 0) throw notFoundError('workspace');
  return Number(rows[0].credits);
}
