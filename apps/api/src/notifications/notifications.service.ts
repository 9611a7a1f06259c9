import { AuthContext, PageQuery, pageOf, pageWindow, WithMetadata } from '@app/common';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

interface NotificationRow {
  id: string;
  kind: string;
  message: string;
  data: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
}

@Injectable()
export class NotificationsService {
  constructor(private readonly db: DataSource) {}

  /** The workspace's notifications (e.g. a webhook was disabled), newest first. */
  async list(auth: AuthContext, query: PageQuery) {
    const window = pageWindow(query);
    const rows: NotificationRow[] = await this.db.query(
      `SELECT id, kind, message, data, created_at, read_at FROM notifications WHERE workspace_id = $1
        ORDER BY created_at DESC, id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
      [auth.workspaceId],
    );
    const { items, pagination } = pageOf(rows, window);
    const notifications = items.map((r) => ({
      id: r.id,
      kind: r.kind,
      message: r.message,
      data: r.data,
      created_at: new Date(r.created_at).toISOString(),
      read_at: r.read_at ? new Date(r.read_at).toISOString() : null,
    }));
    return new WithMetadata({ notifications }, { pagination });
  }
}
