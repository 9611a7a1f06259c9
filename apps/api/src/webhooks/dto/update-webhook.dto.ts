import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { WEBHOOK_EVENT_TYPES } from '../webhook-record';

/** Every member is optional; at least one must be present. `status: "active"` re-enables a disabled webhook. */
export class UpdateWebhookDto {
  @ApiPropertyOptional({ example: 'https://hooks.example.com/prospecting-v2' })
  @IsOptional()
  @IsString()
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['company.saved'] })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 4)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: string[];

  @ApiPropertyOptional({ nullable: true, description: 'null clears it', example: 'CRM sync' })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiPropertyOptional({ enum: ['active', 'disabled'], description: '`active` re-enables a disabled webhook (at most 25 active per workspace)', example: 'active' })
  @IsOptional()
  @IsIn(['active', 'disabled'])
  status?: 'active' | 'disabled';
}
