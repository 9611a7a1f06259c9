import { AuthContext, notFoundError } from '@app/common';
import { WorkspaceRepository } from '@app/database';
import { Injectable } from '@nestjs/common';

export interface WorkspaceView {
  id: string;
  name: string;
  credits: number;
  member: { id: string; name: string; role: string };
  api_key_id: string;
}

@Injectable()
export class WorkspaceService {
  constructor(private readonly workspaces: WorkspaceRepository) {}

  /** The caller's workspace with its credit balance and the key's member. */
  async describe(auth: AuthContext): Promise<WorkspaceView> {
    const row = await this.workspaces.withMember(auth.workspaceId, auth.memberId);
    if (!row) throw notFoundError('workspace');
    return {
      id: row.id,
      name: row.name,
      credits: row.credits,
      member: { id: auth.memberId, name: row.memberName, role: row.memberRole },
      api_key_id: auth.apiKeyId,
    };
  }
}
