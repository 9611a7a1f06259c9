import { PageQuery } from '@app/common';
import { WebhookStatus } from '@app/database';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

const STATUSES: WebhookStatus[] = ['active', 'disabled'];

/** `?status=&page=&per_page=` of GET /v2/webhooks. */
export class ListWebhooksQuery extends PageQuery {
  @ApiPropertyOptional({
    enum: STATUSES,
    description: 'only webhooks in this status; every webhook when omitted',
    example: 'active',
  })
  @IsOptional()
  @IsIn(STATUSES, { message: `status must be one of ${STATUSES.join(', ')}` })
  status?: WebhookStatus;
}
