import type { AuthContext } from '@app/common/auth/auth-context';
import type { KeyRevocation } from '@app/common/auth/key-revocation';

interface CacheEntry {
  auth: AuthContext | null;
  expiresAt: number;
}

/**
 * In-process cache of API key answers (by key hash), bounded in size and time. A revocation evicts
 * the entries it names; it also bumps `generation`, so an answer looked up before the revocation
 * and stored after it is discarded rather than cached stale.
 */
export class KeyCache {
  private readonly entries = new Map<string, CacheEntry>();
  private generationCounter = 0;

  constructor(private readonly maxEntries = 10_000) {}

  /** Changes with every eviction: take it before a lookup and hand it to set(). */
  get generation(): number {
    return this.generationCounter;
  }

  get(hash: string, now: number): AuthContext | null | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.auth;
  }

  /** Stores a lookup's answer unless something was evicted since the lookup began. */
  set(hash: string, auth: AuthContext | null, expiresAt: number, generationAtLookup: number): void {
    if (generationAtLookup !== this.generationCounter) return;
    // Insertion-ordered map as a cheap LRU: the oldest entry goes first when full.
    this.entries.delete(hash);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { auth, expiresAt });
  }

  /** Drops every answer for the revoked key or member; answers how many went. */
  evict(revocation: KeyRevocation): number {
    this.generationCounter += 1;
    let evicted = 0;
    for (const [hash, { auth }] of this.entries) {
      if (!auth) continue;
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
  }

  get size(): number {
    return this.entries.size;
  }
}
