import { listAnswer, notFoundError, pageRequest, WithMetadata } from '@app/common';
import { CreditRepository, CreditTransaction, WorkspaceRepository } from '@app/database';
import { Injectable } from '@nestjs/common';
import { ListCreditTransactionsQueryDto } from './dto/list-credit-transactions.query.dto';

/** Reads a workspace's credit ledger (docs/credits.md); changes go through libs/database credits/credit-ledger.ts only. */
@Injectable()
export class CreditsService {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly credits: CreditRepository,
  ) {}

  async balance(workspaceId: string): Promise<{ balance: number }> {
    const balance = await this.workspaces.balance(workspaceId);
    if (balance === null) throw notFoundError('workspace');
    return { balance };
  }

  /** One page of the workspace's rows, newest first, with the count and balance of the same snapshot. */
  async transactions(
    workspaceId: string,
    query: ListCreditTransactionsQueryDto,
  ): Promise<WithMetadata<CreditTransaction[]>> {
    const page = pageRequest(query);
    const ledger = await this.credits.ledgerPage(workspaceId, query.reason ?? null, page);
    if (ledger.balance === null) throw notFoundError('workspace');
    return listAnswer(ledger.items, page, ledger.total, { balance: ledger.balance });
  }
}
