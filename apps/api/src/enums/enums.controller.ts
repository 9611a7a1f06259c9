import { ENUMERATION_NAMES } from '@app/dataset';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
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
      'countries carry `name`; employee_ranges carry `min`/`max` (max null = open-ended).',
  })
  @ApiParam({ name: 'name', enum: ENUMERATION_NAMES })
  @ApiOkResponse({
    schema: {
      example: {
        success: true,
        data: [
          { value: 'Sales', type: 'group', group: null, sub_departments: ['Account Management', 'Business Development'] },
          { value: 'Account Management', type: 'sub_department', group: 'Sales' },
        ],
        metadata: { timestamp: '2026-11-22T01:00:00.000Z' },
      },
    },
  })
  @ApiNotFoundResponse({ description: 'no enumeration of that name (NOT_FOUND)' })
  list(@Param('name') name: string) {
    return this.enums.values(name);
  }
}
