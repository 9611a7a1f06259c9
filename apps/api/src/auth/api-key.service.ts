import {
  AuthContext,
  createRedisClient,
  decodeRevocation,
  hashApiKey,
  KEY_REVOCATION_CHANNEL,
  RedisClient,
} from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { WorkspaceRepository } from '@app/database';
import { KeyCache } from './key-cache';

/** Cache lifetime while the revocation subscriber is not listening: a revocation still holds within a second. */
export const OFFLINE_CACHE_TTL_MS = 1000;

/**
 * Resolves an API key to its workspace and member, caching answers in process for
 * API_KEY_CACHE_TTL. The CLI publishes every key deletion and member removal on Redis
 * (KEY_REVOCATION_CHANNEL); each replica listens and evicts at once, so a revoked key answers 401
 * everywhere within a second. While the subscriber is away the cache is emptied and answers live
 * at most OFFLINE_CACHE_TTL_MS, so the TTL alone then bounds staleness; when it is back the cache
 * is emptied again, since revocations published meanwhile were missed.
 */
@Injectable()
export class ApiKeyService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ApiKeys');
  private readonly cache = new KeyCache();
  private subscriber: RedisClient | null = null;
  private listening = false;

  constructor(
    private readonly workspaces: WorkspaceRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // On a cluster, SUBSCRIBE goes to one node and PUBLISH on any node reaches every node's subscribers.
    const subscriber = createRedisClient(this.config, { lazyConnect: true });
    this.subscriber = subscriber;
    subscriber.on('ready', () => {
      subscriber.subscribe(KEY_REVOCATION_CHANNEL).then(
        () => this.setListening(true),
        (error: Error) => this.logger.warn(`cannot subscribe to key revocations: ${error.message}`),
      );
    });
    subscriber.on('close', () => this.setListening(false));
    subscriber.on('error', () => this.setListening(false));
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== KEY_REVOCATION_CHANNEL) return;
      const revocation = decodeRevocation(message);
      if (revocation) this.cache.evict(revocation);
    });
    subscriber.connect().catch(() => undefined); // ioredis keeps retrying; 'ready' subscribes
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }

  private setListening(listening: boolean): void {
    if (listening === this.listening) return;
    this.listening = listening;
    this.cache.clear();
    if (!listening)
      this.logger.warn(`key revocation subscriber disconnected: cached keys live at most ${OFFLINE_CACHE_TTL_MS} ms`);
  }

  /** The key's caller, or null for an unknown or revoked key; at once (no promise) when the answer is cached. */
  authenticate(key: string): AuthContext | null | Promise<AuthContext | null> {
    const hash = hashApiKey(key);
    const now = Date.now();
    const cached = this.cache.get(hash, now);
    if (cached !== undefined) return cached;
    return this.lookUp(hash, now);
  }

  private async lookUp(hash: string, now: number): Promise<AuthContext | null> {
    const generation = this.cache.generation;
    const auth = await this.workspaces.callerByKeyHash(hash);
    const ttl = this.listening
      ? this.config.apiKeyCacheTtlMs
      : Math.min(this.config.apiKeyCacheTtlMs, OFFLINE_CACHE_TTL_MS);
    this.cache.set(hash, auth, now + ttl, generation);
    return auth;
  }
}
