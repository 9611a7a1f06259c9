import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { LIST_TYPES } from '../list-record';

export class ListListsQueryDto {
  @ApiPropertyOptional({ enum: LIST_TYPES, description: 'only lists of this type; every live list when omitted' })
  @IsOptional()
  @IsIn(LIST_TYPES)
  type?: 'people' | 'company';
}
