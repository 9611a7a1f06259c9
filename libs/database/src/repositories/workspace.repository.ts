import { apiKeyHint, AuthContext, generateApiKey, hashApiKey, newId } from '@app/common';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { ApiKey } from '../entities/api-key.entity';
import { Member, MemberRole } from '../entities/member.entity';
import { Workspace } from '../entities/workspace.entity';
import { mutateReturning } from '../sql';

/** The caller's workspace and member, as GET /v2/workspace shows them. */
export interface WorkspaceWithMember {
  id: string;
  name: string;
  credits: number;
  memberName: string;
  memberRole: MemberRole;
}

/** A key as created: the key itself is answered once, only its hash is stored. */
export interface CreatedApiKey {
  api_key_id: string;
  api_key: string;
}

/**
 * Workspaces with their members and API keys: one aggregate, since a key is always a member's and a member a
 * workspace's, they are created together (workspace:create), and a caller is the (key, member) pair whose liveness
 * every authenticated request and every revocation checks together. Credit changes go through the ledger
 * (credits/credit-ledger.ts), which owns `workspaces.credits`.
 *
 * Methods that may run inside a caller's transaction take its EntityManager last.
 */
@Injectable()
export class WorkspaceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A new workspace with a balance of 0: opening credits go through the ledger. */
  async create(name: string, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const id = newId('workspace');
    await manager.getRepository(Workspace).insert({ id, name, credits: 0 });
    return id;
  }

  async exists(workspaceId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.getRepository(Workspace).existsBy({ id: workspaceId });
  }

  /** The balance, or null when there is no such workspace. */
  async balance(workspaceId: string, manager: EntityManager = this.dataSource.manager): Promise<number | null> {
    const found = await manager
      .getRepository(Workspace)
      .findOne({ select: { credits: true }, where: { id: workspaceId } });
    return found ? found.credits : null;
  }

  /** The workspace with one of its members (removed ones included), or null. */
  async withMember(workspaceId: string, memberId: string): Promise<WorkspaceWithMember | null> {
    const rows: Array<{ id: string; name: string; credits: string; member_name: string; role: MemberRole }> =
      await this.dataSource.query(
        `SELECT w.id, w.name, w.credits, m.name AS member_name, m.role
           FROM workspaces w JOIN members m ON m.workspace_id = w.id
          WHERE w.id = $1 AND m.id = $2`,
        [workspaceId, memberId],
      );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      credits: Number(row.credits),
      memberName: row.member_name,
      memberRole: row.role,
    };
  }

  async addMember(
    workspaceId: string,
    name: string,
    role: MemberRole,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const id = newId('member');
    await manager.getRepository(Member).insert({ id, workspaceId, name, role });
    return id;
  }

  /** The workspace of a member not removed, or null. */
  async activeMemberWorkspace(
    memberId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string | null> {
    const found = await manager
      .getRepository(Member)
      .findOne({ select: { workspaceId: true }, where: { id: memberId, removedAt: IsNull() } });
    return found ? found.workspaceId : null;
  }

  /** Marks the member removed (a repeated removal is no error). False when there is no such member. */
  async removeMember(memberId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await mutateReturning(
      manager,
      `UPDATE members SET removed_at = now() WHERE id = $1 AND removed_at IS NULL RETURNING id`,
      [memberId],
    );
    return rows.length > 0 || manager.getRepository(Member).existsBy({ id: memberId });
  }

  /** A new key of the member; only its hash and hint are stored. */
  async createApiKey(
    workspaceId: string,
    memberId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CreatedApiKey> {
    const apiKey = generateApiKey();
    const id = newId('apiKey');
    await manager
      .getRepository(ApiKey)
      .insert({ id, workspaceId, memberId, keyHash: hashApiKey(apiKey), keyHint: apiKeyHint(apiKey) });
    return { api_key_id: id, api_key: apiKey };
  }

  /** Marks the key deleted (a repeated deletion is no error). False when there is no such key. */
  async deleteApiKey(apiKeyId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await mutateReturning(
      manager,
      `UPDATE api_keys SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [apiKeyId],
    );
    return rows.length > 0 || manager.getRepository(ApiKey).existsBy({ id: apiKeyId });
  }

  /** The caller a key hash names while the key and its member are live, or null. */
  async callerByKeyHash(keyHash: string): Promise<AuthContext | null> {
    const rows: Array<{ id: string; workspace_id: string; member_id: string }> = await this.dataSource.query(
      `SELECT k.id, k.workspace_id, k.member_id
         FROM api_keys k JOIN members m ON m.id = k.member_id
        WHERE k.key_hash = $1 AND k.deleted_at IS NULL AND m.removed_at IS NULL`,
      [keyHash],
    );
    const row = rows[0];
    return row ? { apiKeyId: row.id, workspaceId: row.workspace_id, memberId: row.member_id } : null;
  }

  /**
   * True when the caller's key and member are still live, holding both FOR SHARE until the transaction ends: a
   * concurrent key deletion or member removal then waits for it.
   */
  async lockLiveCaller(auth: AuthContext, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM api_keys k JOIN members m ON m.id = k.member_id
        WHERE k.id = $1 AND m.id = $2 AND k.deleted_at IS NULL AND m.removed_at IS NULL
          FOR SHARE OF k, m`,
      [auth.apiKeyId, auth.memberId],
    );
    return rows.length > 0;
  }
}
