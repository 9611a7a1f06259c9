import type { RedisClient } from '../redis';

/**
 * Redis pub/sub channel on which the CLI announces a deleted API key or a removed member, so every
 * API replica evicts it from its key cache at once (docs/cli.md: the key "answers 401 from then on").
 */
export const KEY_REVOCATION_CHANNEL = 'auth:revocations';

/** One revocation: every cached answer for this key, or for any key of this member, is dropped. */
export type KeyRevocation = { apiKeyId: string } | { memberId: string };

export function encodeRevocation(revocation: KeyRevocation): string {
  return 'apiKeyId' in revocation
    ? JSON.stringify({ api_key_id: revocation.apiKeyId })
    : JSON.stringify({ member_id: revocation.memberId });
}

/** The revocation a message announces; null for anything else (a listener ignores it). */
export function decodeRevocation(message: string): KeyRevocation | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { api_key_id: apiKeyId, member_id: memberId } = parsed as Record<string, unknown>;
  if (typeof apiKeyId === 'string' && apiKeyId.length > 0) return { apiKeyId };
  if (typeof memberId === 'string' && memberId.length > 0) return { memberId };
  return null;
}

/** Publishes a revocation; answers how many API processes were listening. */
export async function publishRevocation(
  redis: Pick<RedisClient, 'publish'>,
  revocation: KeyRevocation,
): Promise<number> {
  return redis.publish(KEY_REVOCATION_CHANNEL, encodeRevocation(revocation));
}
