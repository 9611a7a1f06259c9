import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString } from 'class-validator';
import { MAX_SAVE_LISTS } from '../../../companies/save-items';
import { PeopleSelectionDto } from './people-selection.dto';

export class SavePeopleDto extends PeopleSelectionDto {
  @ApiPropertyOptional({
    description: `0-${MAX_SAVE_LISTS} live people lists of the workspace to put every saved person in`,
    type: [String],
    maxItems: MAX_SAVE_LISTS,
    example: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SAVE_LISTS)
  @IsString({ each: true })
  list_ids?: string[];
}
