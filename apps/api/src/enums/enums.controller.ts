import { ApiListResponse, listAnswer } from '@app/common';
import { ENUMERATION_NAMES } from '@app/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { EnumsService } from './enums.service';

@ApiTags('enums')
@Controller('v2/enums')
export class EnumsController {
  constructor(private readonly enums: EnumsService) {}

  @Get(':name')
  @ApiOperation({
    summary: 'Values of one enumeration',
    description:
      '`data` is an array of items, each with `value` (what filters and records use) and details: industries and departments list each group ' +
      '(`type` group, its members) followed by its members (`group` names their group); regions carry `countries` (ISO 3166-1 alpha-2); ' +
      'countries carry `name`; employee_ranges carry `min`/`max` (max null = open-ended). The whole enumeration is one page of the list convention.',
  })
  @ApiParam({ name: 'name', enum: ENUMERATION_NAMES })
  @ApiListResponse(
    { value: 'Sales', type: 'group', group: null, sub_departments: ['Account Management', 'Business Development'] },
    {
      description:
        'the whole enumeration as one page (reference data is small and not paged: `page` and `per_page` are not taken)',
    },
  )
  @ApiNotFoundResponse({ description: 'no enumeration of that name (NOT_FOUND)' })
  list(@Param('name') name: string) {
    const values = [...this.enums.values(name)];
    return listAnswer(values, { page: 1, perPage: Math.max(1, values.length), offset: 0 }, values.length);
  }
}
