import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_EVENT_TYPES } from '../webhook-record';
import { WebhookEvents } from './webhook-events.validator';

export class CreateWebhookDto {
  @ApiProperty({
    description:
      'https URL on a public host that receives the POSTed events; stored trimmed and normalised (WHATWG serialisation)',
    example: 'https://hooks.example.com/prospecting',
  })
  @IsString()
  url: string;

  @ApiProperty({
    description:
      'Event types to receive: at least one of `person.saved`, `person.email_found`, `company.saved`. `webhook.test` is always delivered on request and may be listed beside them, not alone.',
    enum: WEBHOOK_EVENT_TYPES,
    isArray: true,
    example: ['person.saved', 'company.saved'],
  })
  @WebhookEvents()
  events: string[];

  @ApiPropertyOptional({
    description: 'Free text for people reading the webhook list (at most 500 characters); null or absent: none',
    nullable: true,
    example: 'CRM sync',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;
}
