import { MAX_PAGE, PageQuery } from '@app/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const RESULTS_PER_PAGE = 1000;

/** `?page=` of GET /v2/email-verifications/{id}: which 1,000 results to include. */
export class ResultsPageQueryDto {
  @ApiPropertyOptional({
    description: `page of results, ${RESULTS_PER_PAGE} per page`,
    minimum: 1,
    maximum: MAX_PAGE,
    default: 1,
    example: 2,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  page?: number;
}

/** `?page=&per_page=` of GET /v2/email-verifications: the shared list paging, nothing else. */
export class ListJobsQueryDto extends PageQuery {}
