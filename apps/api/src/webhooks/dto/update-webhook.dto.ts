import { IsOptionalNotNull } from '@app/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { WEBHOOK_EVENT_TYPES } from '../webhook-record';
import { WebhookEvents } from './webhook-events.validator';

/**
 * Every member is optional; at least one must be present. Only `description` has a meaning for
 * null (it clears it); a null `url`, `events` or `status` answers 400 VALIDATION_ERROR on that field.
 */
export class UpdateWebhookDto {
  @ApiPropertyOptional({
    description: 'not null; stored trimmed and normalised like at create',
    example: 'https://hooks.example.com/prospecting-v2',
  })
  @IsOptionalNotNull()
  @IsString()
  url?: string;

  @ApiPropertyOptional({
    enum: WEBHOOK_EVENT_TYPES,
    isArray: true,
    description: 'not null; replaces the list, which must hold at least one of the three real event types',
    example: ['company.saved'],
  })
  @IsOptionalNotNull()
  @WebhookEvents()
  events?: string[];

  @ApiPropertyOptional({ nullable: true, description: 'null clears it', example: 'CRM sync' })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiPropertyOptional({
    enum: ['active', 'disabled'],
    description: 'not null; `active` re-enables a disabled webhook (at most 25 active per workspace)',
    example: 'active',
  })
  @IsOptionalNotNull()
  @IsIn(['active', 'disabled'])
  status?: 'active' | 'disabled';
}
