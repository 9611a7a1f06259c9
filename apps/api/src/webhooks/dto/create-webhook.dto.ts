import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_EVENT_TYPES } from '../webhook-record';

export class CreateWebhookDto {
  @ApiProperty({ description: 'https URL on a public host that receives the POSTed events', example: 'https://hooks.example.com/prospecting' })
  @IsString()
  url: string;

  @ApiProperty({
    description: 'Event types to receive (non-empty). `webhook.test` is always delivered on request and may be listed.',
    enum: WEBHOOK_EVENT_TYPES,
    isArray: true,
    example: ['person.saved', 'company.saved'],
  })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 4)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events: string[];

  @ApiPropertyOptional({ description: 'Free text for people reading the webhook list (at most 500 characters)', example: 'CRM sync' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;
}
