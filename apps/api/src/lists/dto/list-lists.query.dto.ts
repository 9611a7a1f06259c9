import { PageQuery } from '@app/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { LIST_TYPES } from '../list-record';

/** `?type=&page=&per_page=` of GET /v2/lists. */
export class ListListsQueryDto extends PageQuery {
  @ApiPropertyOptional({ enum: LIST_TYPES, description: 'only lists of this type; every live list when omitted' })
  @IsOptional()
  @IsIn(LIST_TYPES, { message: `type must be one of ${LIST_TYPES.join(', ')}` })
  type?: 'people' | 'company';
}
