import { CREDIT_TRANSACTION_REASONS } from '@app/database';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Deep enough for any ledger an operator pages through; past it the OFFSET scan is pointless work. */
export const MAX_PAGE = 100_000;

/** `?page=&per_page=&reason=` of GET /v2/credits/transactions; any other parameter answers 400 `unknown_field`. */
export class ListCreditTransactionsQueryDto {
  @ApiPropertyOptional({ description: '1-based page', minimum: 1, maximum: MAX_PAGE, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  page?: number;

  @ApiPropertyOptional({ description: 'rows per page', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE, example: DEFAULT_PER_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'per_page must be a whole number' })
  @Min(1, { message: 'per_page must be at least 1' })
  @Max(MAX_PER_PAGE, { message: `per_page must be at most ${MAX_PER_PAGE}` })
  per_page?: number;

  @ApiPropertyOptional({ description: 'only rows with this reason', enum: CREDIT_TRANSACTION_REASONS, example: 'people_save' })
  @IsOptional()
  @IsIn(CREDIT_TRANSACTION_REASONS, { message: `reason must be one of ${CREDIT_TRANSACTION_REASONS.join(', ')}` })
  reason?: (typeof CREDIT_TRANSACTION_REASONS)[number];
}
