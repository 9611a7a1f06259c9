import { ApiListResponse, Auth, AuthContext, PageQuery } from '@app/common';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotificationsService } from './notifications.service';

const EXAMPLE = {
  id: 'ntf_01JD2YC1D3F5H7K9M1P3R5T7V9',
  kind: 'webhook_disabled',
  message:
    'Webhook wh_01JD2Y8W6B1Q3S5N7R9T0V2X4Z (https://hooks.example.com/prospecting) was disabled: the receiver answered 410 Gone.',
  data: { webhook_id: 'wh_01JD2Y8W6B1Q3S5N7R9T0V2X4Z', url: 'https://hooks.example.com/prospecting', reason: 'gone' },
  created_at: '2026-11-22T00:00:00.000Z',
  read_at: null,
};

@ApiTags('notifications')
@Controller('v2/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'Notifications for the workspace admin (such as a disabled webhook), newest first' })
  @ApiListResponse(EXAMPLE)
  list(@Auth() auth: AuthContext, @Query() query: PageQuery) {
    return this.notifications.list(auth, query);
  }
}
