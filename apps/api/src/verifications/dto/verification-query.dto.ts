import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const RESULTS_PER_PAGE = 1000;

/** `?page=` of GET /v2/email-verifications/{id}: which 1,000 results to include. */
export class ResultsPageQueryDto {
  @ApiPropertyOptional({ description: `page of results, ${RESULTS_PER_PAGE} per page`, minimum: 1, default: 1, example: 2 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(1_000_000, { message: 'page must be at most 1000000' })
  page?: number;
}

/** `?page=&per_page=` of GET /v2/email-verifications. */
export class ListJobsQueryDto extends ResultsPageQueryDto {
  @ApiPropertyOptional({ description: 'jobs per page', minimum: 1, maximum: 100, default: 25, example: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'per_page must be a whole number' })
  @Min(1, { message: 'per_page must be at least 1' })
  @Max(100, { message: 'per_page must be at most 100' })
  per_page?: number;
}
