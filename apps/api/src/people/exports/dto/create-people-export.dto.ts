import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsInt, IsObject, IsOptional } from 'class-validator';
import { MAX_EXCLUDE_IDS } from '../../saves/selection-request';
import { MAX_EXPORT_PEOPLE } from '../export-request';
import { PEOPLE_FILTERS_REF } from '../../../docs/schema-refs';

/** Types only; export-request.ts reads the rules (sizes, exclusivity, id formats, the saved scope). */
export class CreatePeopleExportDto {
  @ApiPropertyOptional({
    description: `1-${MAX_EXPORT_PEOPLE.toLocaleString('en')} person ids (24 lower-case hex), exported in this order; ids the workspace has not saved are skipped. Exactly one of \`ids\` and \`filters\`.`,
    type: [String],
    example: ['5e0000000000000000000001', '5e0000000000000000000018'],
  })
  @IsOptional()
  @IsArray()
  ids?: unknown[];

  @ApiPropertyOptional({
    description:
      'The people search filter set (POST /v2/people/search, docs/people-search.md) over saved people: `lists.saved` is set to `any` when left out; `none` answers 400. ' +
      'The export takes the first `limit` people in result order.',
    ...PEOPLE_FILTERS_REF,
    example: { lists: { include: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'] }, person_seniority: { include: ['VP'] } },
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
  exclude_ids?: unknown[];

  @ApiPropertyOptional({
    description: `with \`filters\`: most people taken, 1-${MAX_EXPORT_PEOPLE.toLocaleString('en')}, default ${MAX_EXPORT_PEOPLE.toLocaleString('en')}`,
    minimum: 1,
    maximum: MAX_EXPORT_PEOPLE,
  })
  @IsOptional()
  @IsInt()
  limit?: number;
}
