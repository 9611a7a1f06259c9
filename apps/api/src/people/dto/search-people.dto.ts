import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsObject, IsOptional, Max, Min } from 'class-validator';
import { PEOPLE_FILTERS_REF } from '../../docs/schema-refs';

export const MAX_PER_PAGE = 100;
/** Paging stops here (`page × per_page`): past it, narrower filters serve better than deeper pages. */
export const MAX_PAGE_DEPTH = 50_000;

/** `filters` is read by the search engine (libs/search), which reports mistakes with their full path. */
export class SearchPeopleDto {
  @ApiPropertyOptional({
    description:
      'The people search filter set (every key optional, combined with AND; schema `PeopleFilters`). See docs/people-search.md for how each key matches.',
    ...PEOPLE_FILTERS_REF,
    example: {
      person_job_title: { include: ['VP Sales'], match_mode: 'CONTAINS' },
      person_seniority: { include: ['VP', 'Director'] },
      company_country: { include: ['US', 'DE'] },
      company_headcount_range: ['51-200', '201-500'],
      contact_details: { email: { status: ['valid'] } },
    },
  })
  @IsOptional()
  @IsObject()
  filters?: Record<string, unknown>;

  @ApiPropertyOptional({
    minimum: 1,
    default: 1,
    example: 1,
    description: `1-based; page × per_page at most ${MAX_PAGE_DEPTH.toLocaleString('en')}`,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PER_PAGE, default: 25, example: 25 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PER_PAGE)
  per_page?: number;
}
