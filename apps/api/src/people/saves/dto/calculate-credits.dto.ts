import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsOptional } from 'class-validator';
import { PeopleSelectionDto } from './people-selection.dto';

export class CalculateCreditsDto extends PeopleSelectionDto {
  @ApiPropertyOptional({ description: 'accepted and ignored: lists never change the price', type: [String] })
  @IsOptional()
  @IsArray()
  list_ids?: unknown[];
}
