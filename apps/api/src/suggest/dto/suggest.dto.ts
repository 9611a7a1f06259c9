import { SUGGESTION_TYPES, type SuggestionType } from '@app/database';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { SUGGEST_LIMIT_DEFAULT, SUGGEST_LIMIT_MAX, SUGGEST_QUERY_MAX } from '../suggest-query';

export class SuggestDto {
  @ApiProperty({
    description: 'which filter the values are for; each value is exactly a string that filter accepts',
    enum: SUGGESTION_TYPES,
    example: 'person_job_title',
  })
  @IsIn(SUGGESTION_TYPES)
  type: SuggestionType;

  @ApiProperty({
    description:
      'what the user typed: 1-100 characters after trimming. Case-insensitive, diacritics significant. A value matches when it, or one of its ' +
      'words, starts with the query ("sales" finds "Inside Sales").',
    minLength: 1,
    maxLength: SUGGEST_QUERY_MAX,
    example: 'sales',
  })
  @IsString()
  query: string;

  @ApiPropertyOptional({
    description: 'most values answered',
    type: 'integer',
    minimum: 1,
    maximum: SUGGEST_LIMIT_MAX,
    default: SUGGEST_LIMIT_DEFAULT,
    example: 5,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(SUGGEST_LIMIT_MAX)
  limit?: number;
}

export const SUGGEST_EXAMPLES = {
  job_title: {
    summary: 'job titles with a word starting "sales"',
    value: { type: 'person_job_title', query: 'sales', limit: 5 },
  },
  location: {
    summary: 'locations: countries, regions, "State, Country", "City, State, Country"',
    value: { type: 'person_location', query: 'new y' },
  },
  keywords: {
    summary: 'company specialties for company_keywords.include',
    value: { type: 'company_keywords', query: 'saa' },
  },
  industry: { summary: 'industries and industry groups', value: { type: 'company_industry', query: 'software' } },
  company: {
    summary: 'company names for company.name.include (EXACT)',
    value: { type: 'company_name', query: 'glob', limit: 3 },
  },
};

export const SUGGEST_ANSWER_EXAMPLE = {
  success: true,
  data: [
    { value: 'Sales Manager', count: 1999 },
    { value: 'Sales Director', count: 1220 },
    { value: 'Inside Sales Representative', count: 2210 },
    { value: 'VP Sales', count: 1104 },
  ],
  metadata: { timestamp: '2026-11-22T01:00:00.000Z' },
};

export const SUGGEST_COMPANY_ANSWER_EXAMPLE = {
  success: true,
  data: [
    { value: 'Globex', count: 4200, id: '5c0000000000000000000001', website: 'globex.com' },
    { value: 'Globex Logistics', count: 0, id: '5c0000000000000000000007', website: null },
  ],
  metadata: { timestamp: '2026-11-22T01:00:00.000Z' },
};
