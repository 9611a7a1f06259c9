import { ApiListResponse, Auth, AuthContext } from '@app/common';
import { CreditTransaction } from '@app/database';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CreditsService } from './credits.service';
import { ListCreditTransactionsQueryDto } from './dto/list-credit-transactions.query.dto';

const TRANSACTIONS_EXAMPLE: CreditTransaction[] = [
  {
    id: 'ctx_01JD4R2C8M5N7P9Q1S3T5V7X9Z',
    amount: -2,
    balance_after: 4998,
    reason: 'people_save',
    request_id: '5b0e6c1a-2f4d-4e8a-9c3b-7d1e0f2a4b6c',
    details: { people: 3, revealed: 2 },
    created_at: '2026-11-22T10:05:00.000Z',
  },
  {
    id: 'ctx_01JD4P9B7K3M5N7Q9R1S3T5V7W',
    amount: 4000,
    balance_after: 5000,
    reason: 'credits_set',
    request_id: 'cli:credits:set',
    details: { previous_balance: 1000 },
    created_at: '2026-11-22T10:01:00.000Z',
  },
  {
    id: 'ctx_01JD4N7Q8W3ZV6P2K5M9XGRT0A',
    amount: 1000,
    balance_after: 1000,
    reason: 'workspace_created',
    request_id: 'cli:workspace:create',
    details: {},
    created_at: '2026-11-22T10:00:00.000Z',
  },
];
const envelope = (data: unknown, metadata: Record<string, unknown> = {}) => ({
  example: { success: true, data, metadata: { timestamp: '2026-11-22T10:06:00.000Z', ...metadata } },
});

@ApiTags('credits')
@Controller('v2/credits')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get()
  @ApiOperation({ summary: "The workspace's credit balance" })
  @ApiOkResponse({ schema: envelope({ balance: 4998 }) })
  @ApiUnauthorizedResponse({ description: 'missing, unknown or deleted key' })
  balance(@Auth() auth: AuthContext) {
    return this.credits.balance(auth.workspaceId);
  }

  @Get('transactions')
  @ApiOperation({
    summary: "The workspace's credit ledger, newest first",
    description:
      'One row per balance change: `amount` (positive adds, negative spends), `balance_after`, `reason`, the `request_id` (x-request-id or CLI ' +
      "command) that made it and reason-specific `details`. The balance always equals the sum of every row's `amount`; `metadata.balance` is the " +
      'balance now and `metadata.pagination` is `{page, per_page, total_count, total_pages}`. `reason` narrows to one reason. Free.',
  })
  @ApiListResponse(TRANSACTIONS_EXAMPLE[0], { metadata: { balance: 4998 } })
  @ApiBadRequestResponse({
    description:
      '`page` below 1, `per_page` outside 1-100 (`out_of_range`), an unknown `reason` (`invalid_value`), an unknown parameter (`unknown_field`)',
  })
  @ApiUnauthorizedResponse({ description: 'missing, unknown or deleted key' })
  transactions(@Auth() auth: AuthContext, @Query() query: ListCreditTransactionsQueryDto) {
    return this.credits.transactions(auth.workspaceId, query);
  }
}
