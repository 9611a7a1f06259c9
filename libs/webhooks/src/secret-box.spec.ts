import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret } from './secret-box';
import { liveSecrets } from './secrets';

const key = randomBytes(32);
const secret = 'whsec_' + randomBytes(32).toString('base64');

describe('secret box', () => {
  it('round-trips and never contains the plain secret', () => {
    const box = encryptSecret(secret, key);
    expect(box).not.toContain(secret.slice(6));
    expect(decryptSecret(box, key)).toBe(secret);
    expect(encryptSecret(secret, key)).not.toBe(box); // a fresh IV each time
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const box = Buffer.from(encryptSecret(secret, key), 'base64');
    for (const index of [0, 12, box.length - 1]) {
      const altered = Buffer.from(box);
      altered[index] ^= 0x01;
      expect(() => decryptSecret(altered.toString('base64'), key)).toThrow();
    }
    expect(() => decryptSecret(box.subarray(0, 10).toString('base64'), key)).toThrow();
  });

  it('refuses another key and keys of the wrong size', () => {
    const box = encryptSecret(secret, key);
    expect(() => decryptSecret(box, randomBytes(32))).toThrow();
    expect(() => encryptSecret(secret, randomBytes(16))).toThrow();
  });
});

describe('liveSecrets', () => {
  const current = 'whsec_current';
  const previous = 'whsec_previous';
  const row = (expires: Date | null) => ({
    secret_ciphertext: encryptSecret(current, key),
    previous_secret_ciphertext: encryptSecret(previous, key),
    previous_secret_expires_at: expires,
  });

  it('answers the previous secret only while its grace period lasts', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(liveSecrets(row(new Date(now.getTime() + 1000)), key, now)).toEqual([current, previous]);
    expect(liveSecrets(row(new Date(now.getTime() - 1000)), key, now)).toEqual([current]);
    expect(liveSecrets(row(null), key, now)).toEqual([current]);
  });
});
