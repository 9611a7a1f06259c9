import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, IsString, MaxLength } from 'class-validator';

export class RecoverWebhookDto {
  @ApiProperty({
    description:
      'ISO 8601 time: every event whose delivery to this webhook failed for good (or was dropped) since then, within WEBHOOK_HISTORY_RETENTION, is sent again',
    example: '2026-11-20T00:00:00Z',
    maxLength: 64,
  })
  @IsString()
  @MaxLength(64)
  @IsISO8601({ strict: true })
  since: string;
}
