import type { AuthContext } from '@app/common/auth/auth-context';
import type { KeyRevocation } from '@app/common/auth/key-revocation';

interface CacheEntry<T> {
  auth: T;
  expiresAt: number;
}

/**
 * In-process cache of API key answers (by key hash), bounded in size and time. A revocation evicts
 * the entries it names; it also bumps `generation`, so an answer looked up before the revocation
 * and stored after it is discarded rather than cached stale.
 *
 * Valid keys and unknown keys live in two separate maps: anyone can send unknown keys, as many as they
 * like, so they only ever churn the small `misses` map and can never push a valid key out of `entries`
 * (which only real keys of real members can fill). Both are LRU: a hit moves the entry to the back.
 */
export class KeyCache {
  private readonly entries = new Map<string, CacheEntry<AuthContext>>();
  private readonly misses = new Map<string, CacheEntry<null>>();
  private generationCounter = 0;

  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxMisses = 1_000,
  ) {}

  /** Changes with every eviction: take it before a lookup and hand it to set(). */
  get generation(): number {
    return this.generationCounter;
  }

  get(hash: string, now: number): AuthContext | null | undefined {
    return touch(this.entries, hash, now) ?? touch(this.misses, hash, now);
  }

  /** Stores a lookup's answer unless something was evicted since the lookup began. */
  set(hash: string, auth: AuthContext | null, expiresAt: number, generationAtLookup: number): void {
    if (generationAtLookup !== this.generationCounter) return;
    if (auth) {
      this.misses.delete(hash);
      store(this.entries, hash, { auth, expiresAt }, this.maxEntries);
    } else {
      this.entries.delete(hash);
      store(this.misses, hash, { auth, expiresAt }, this.maxMisses);
    }
  }

  /** Drops every answer for the revoked key or member; answers how many went. */
  evict(revocation: KeyRevocation): number {
    this.generationCounter += 1;
    let evicted = 0;
    for (const [hash, { auth }] of this.entries) {
      if ('apiKeyId' in revocation ? auth.apiKeyId === revocation.apiKeyId : auth.memberId === revocation.memberId) {
        this.entries.delete(hash);
        evicted += 1;
      }
    }
    return evicted;
  }

  /** Drops everything: the revocations published while we were not listening are unknown. */
  clear(): void {
    this.generationCounter += 1;
    this.entries.clear();
    this.misses.clear();
  }

  get size(): number {
    return this.entries.size + this.misses.size;
  }
}

/** A live entry's answer, moved to the back of the map (most recently used); expired entries go. */
function touch<T>(map: Map<string, CacheEntry<T>>, hash: string, now: number): T | undefined {
  const entry = map.get(hash);
  if (!entry) return undefined;
  map.delete(hash);
  if (entry.expiresAt <= now) return undefined;
  map.set(hash, entry);
  return entry.auth;
}

/** Insertion-ordered map as a cheap LRU: the least recently used entry goes first when full. */
function store<T>(map: Map<string, CacheEntry<T>>, hash: string, entry: CacheEntry<T>, max: number): void {
  map.delete(hash);
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(hash, entry);
}
