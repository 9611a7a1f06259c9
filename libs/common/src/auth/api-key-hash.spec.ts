import { createHash } from 'node:crypto';
import { apiKeyHint, generateApiKey, hashApiKey } from './api-key-hash';

describe('API key hashing', () => {
  it('generates prefixed keys with 32 random bytes, never the same twice', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^pws_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
    }
  });

  it('stores the SHA-256 of the key: deterministic, 64 hex, and not the key', () => {
    const key = generateApiKey();
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hash).not.toContain(key.slice(4, 12));
    expect(hashApiKey(key + 'x')).not.toBe(hash);
  });

  it('keeps only a short hint that cannot stand in for the key', () => {
    const key = generateApiKey();
    const hint = apiKeyHint(key);
    expect(key.startsWith(hint)).toBe(true);
    expect(hint).toHaveLength(8);
    expect(hashApiKey(hint)).not.toBe(hashApiKey(key));
  });
});
