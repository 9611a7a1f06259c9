import { PageQuery } from '@app/common';
import { CREDIT_TRANSACTION_REASONS } from '@app/database';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

/** `?page=&per_page=&reason=` of GET /v2/credits/transactions; any other parameter answers 400 `unknown_field`. */
export class ListCreditTransactionsQueryDto extends PageQuery {
  @ApiPropertyOptional({
    description: 'only rows with this reason',
    enum: CREDIT_TRANSACTION_REASONS,
    example: 'people_save',
  })
  @IsOptional()
  @IsIn(CREDIT_TRANSACTION_REASONS, { message: `reason must be one of ${CREDIT_TRANSACTION_REASONS.join(', ')}` })
  reason?: (typeof CREDIT_TRANSACTION_REASONS)[number];
}
