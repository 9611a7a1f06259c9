import { AuthContext, listAnswer, PageQuery, pageRequest } from '@app/common';
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
    const page = pageRequest(query);
    const [rows, [{ total }]]: [NotificationRow[], Array<{ total: string }>] = await Promise.all([
      this.db.query(
        `SELECT id, kind, message, data, created_at, read_at FROM notifications WHERE workspace_id = $1
          ORDER BY created_at DESC, id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`,
        [auth.workspaceId],
      ),
      this.db.query(`SELECT count(*) AS total FROM notifications WHERE workspace_id = $1`, [auth.workspaceId]),
    ]);
    const notifications = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      message: r.message,
      data: r.data,
      created_at: new Date(r.created_at).toISOString(),
      read_at: r.read_at ? new Date(r.read_at).toISOString() : null,
    }));
    return listAnswer(notifications, page, total);
  }
}
