import { AuthContext, listAnswer, PageQuery, pageRequest } from '@app/common';
import { NotificationRepository } from '@app/database';
import { Injectable } from '@nestjs/common';

@Injectable()
export class NotificationsService {
  constructor(private readonly notifications: NotificationRepository) {}

  /** The workspace's notifications (e.g. a webhook was disabled), newest first. */
  async list(auth: AuthContext, query: PageQuery) {
    const page = pageRequest(query);
    const found = await this.notifications.page(auth.workspaceId, page);
    const notifications = found.items.map((n) => ({
      id: n.id,
      kind: n.kind,
      message: n.message,
      data: n.data,
      created_at: n.createdAt.toISOString(),
      read_at: n.readAt ? n.readAt.toISOString() : null,
    }));
    return listAnswer(notifications, page, found.total);
  }
}
