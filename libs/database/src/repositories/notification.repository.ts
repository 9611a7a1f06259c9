import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Notification } from '../entities/notification.entity';
import { PageOf, PageWindow } from './page';

/**
 * Messages for a workspace's admin (`notifications`), e.g. "webhook disabled". They are written by libs/webhooks'
 * disable.ts inside the transaction that disables the webhook; this reads them.
 */
@Injectable()
export class NotificationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the workspace's notifications, newest first. */
  async page(workspaceId: string, page: PageWindow): Promise<PageOf<Notification>> {
    const [items, total] = await this.dataSource.getRepository(Notification).findAndCount({
      where: { workspaceId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: page.perPage,
      skip: page.offset,
    });
    return { items, total };
  }
}
