import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsObject, IsOptional, IsString, Max, Min } from 'class-validator';
import { MAX_DATA_ITEMS, MAX_EXCLUDE_IDS, MAX_URL_ITEMS, MAX_WHOLE_LIST_LIMIT } from '../selection-request';
import { PEOPLE_FILTERS_REF } from '../../../docs/schema-refs';

/** Types only; selection-request.ts reads the rules (sizes, exclusivity, the whole-list exception, each item). */
export class PeopleSelectionDto {
  @ApiPropertyOptional({
    description:
      `1-${MAX_DATA_ITEMS.toLocaleString('en')} items: a person id string (24 hex), or \`{"pro_network_url": "…"}\` (at most ${MAX_URL_ITEMS}). ` +
      'Malformed items count as `invalid`, unknown ones as `not_matched`; a repeated item counts in `requested` only. Exactly one of `data` and `filters`.',
    type: 'array',
    items: {
      oneOf: [
        { type: 'string', example: '5e0000000000000000000001' },
        { type: 'object', properties: { pro_network_url: { type: 'string' } }, required: ['pro_network_url'] },
      ],
    },
    example: ['5e0000000000000000000001', { pro_network_url: 'https://pronet.example/in/ana-souza' }],
  })
  @IsOptional()
  @IsArray()
  data?: unknown[];

  @ApiPropertyOptional({
    description:
      'The people search filter set (POST /v2/people/search, docs/people-search.md): the save takes its first `limit` people in result order.',
    ...PEOPLE_FILTERS_REF,
    example: { person_seniority: { include: ['VP'] }, contact_details: { email: { status: ['valid'] } } },
  })
  @IsOptional()
  @IsObject()
  filters?: Record<string, unknown>;

  @ApiPropertyOptional({
    description: `with \`filters\`: person ids left out (at most ${MAX_EXCLUDE_IDS.toLocaleString('en')})`,
    type: [String],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EXCLUDE_IDS)
  @IsString({ each: true })
  exclude_ids?: string[];

  @ApiPropertyOptional({
    description:
      'with `filters`: most people taken, 1-25,000, default 25,000. A whole-list preview (filters hold only `lists` naming exactly one list in `include`, ' +
      'or only `saved` = `any`/`without_list`, and no `exclude_ids`) goes up to 1,000,000 and defaults to it; a save always takes at most 25,000 per request.',
    minimum: 1,
    maximum: MAX_WHOLE_LIST_LIMIT,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_WHOLE_LIST_LIMIT)
  limit?: number;
}
