import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'pws_';

/** A new API key as shown once to its owner. 32 random bytes make a fast hash safe to store. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** SHA-256 of the key: what the database stores and looks keys up by. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The first characters of a key, kept so operators can tell keys apart without the secret. */
export function apiKeyHint(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4);
}
