import { AuthContext, notFoundError } from '@app/common';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface WorkspaceView {
  id: string;
  name: string;
  credits: number;
  member: { id: string; name: string; role: string };
  api_key_id: string;
}

@Injectable()
export class WorkspaceService {
  constructor(private readonly dataSource: DataSource) {}

  /** The caller's workspace with its credit balance and the key's member. */
  async describe(auth: AuthContext): Promise<WorkspaceView> {
    const rows: Array<{ id: string; name: string; credits: string; member_name: string; role: string }> = await this.dataSource.query(
      `SELECT w.id, w.name, w.credits, m.name AS member_name, m.role
         FROM workspaces w JOIN members m ON m.workspace_id = w.id
        WHERE w.id = $1 AND m.id = $2`,
      [auth.workspaceId, auth.memberId],
    );
    const row = rows[0];
    if (!row) throw notFoundError('workspace');
    return {
      id: row.id,
      name: row.name,
      credits: Number(row.credits),
      member: { id: auth.memberId, name: row.member_name, role: row.role },
      api_key_id: auth.apiKeyId,
    };
  }
}
