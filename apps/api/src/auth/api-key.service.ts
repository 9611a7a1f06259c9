import { AuthContext, hashApiKey } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

interface CacheEntry {
  auth: AuthContext | null;
  expiresAt: number;
}

const MAX_ENTRIES = 10_000;

/**
 * Resolves an API key to its workspace and member. Answers are cached in process for a short,
 * bounded time (API_KEY_CACHE_TTL), so a deleted key stops working within seconds on every
 * replica without a database round trip on each request.
 */
@Injectable()
export class ApiKeyService {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async authenticate(key: string): Promise<AuthContext | null> {
    const hash = hashApiKey(key);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.expiresAt > now) return cached.auth;
    const auth = await this.lookup(hash);
    this.remember(hash, { auth, expiresAt: now + this.config.apiKeyCacheTtlMs });
    return auth;
  }

  private async lookup(hash: string): Promise<AuthContext | null> {
    const rows: Array<{ id: string; workspace_id: string; member_id: string }> = await this.dataSource.query(
      `SELECT k.id, k.workspace_id, k.member_id
         FROM api_keys k JOIN members m ON m.id = k.member_id
        WHERE k.key_hash = $1 AND k.deleted_at IS NULL AND m.removed_at IS NULL`,
      [hash],
    );
    const row = rows[0];
    return row ? { apiKeyId: row.id, workspaceId: row.workspace_id, memberId: row.member_id } : null;
  }

  /** Insertion-ordered map as a cheap LRU: the oldest entry goes first when full. */
  private remember(hash: string, entry: CacheEntry): void {
    this.cache.delete(hash);
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(hash, entry);
  }
}
