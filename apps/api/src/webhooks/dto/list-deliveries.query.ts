import { PageQuery } from '@app/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class ListDeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Only the attempts of this event', example: 'evt_01JD2Y8W6B1Q3S5N7R9T0V2X4Z' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  event_id?: string;

  @ApiPropertyOptional({ enum: ['succeeded', 'failed'], example: 'failed' })
  @IsOptional()
  @IsIn(['succeeded', 'failed'])
  status?: 'succeeded' | 'failed';
}
