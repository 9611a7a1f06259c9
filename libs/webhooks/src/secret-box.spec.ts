import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret, keyVersion, needsReseal, openSecret, sealSecret } from './secret-box';
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

describe('sealed secrets (versioned, bound to the webhook)', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const before = { current: oldKey, previous: [] };
  const after = { current: newKey, previous: [oldKey] };

  it('record the key version and open with the webhook id they were sealed for', () => {
    const box = sealSecret(secret, 'wh_1', before);
    expect(box).toMatch(new RegExp(`^v1\\.${keyVersion(oldKey)}\\.`));
    expect(box).not.toContain(secret.slice(6));
    expect(openSecret(box, 'wh_1', before)).toBe(secret);
  });

  it("fail to open as another webhook's secret (the id is associated data)", () => {
    const box = sealSecret(secret, 'wh_1', before);
    expect(() => openSecret(box, 'wh_2', before)).toThrow();
  });

  it('still open under a rotated key ring (old key as previous), and need re-sealing until re-sealed', () => {
    const box = sealSecret(secret, 'wh_1', before);
    expect(openSecret(box, 'wh_1', after)).toBe(secret);
    expect(needsReseal(box, after)).toBe(true);
    const resealed = sealSecret(openSecret(box, 'wh_1', after), 'wh_1', after);
    expect(needsReseal(resealed, after)).toBe(false);
    expect(openSecret(resealed, 'wh_1', { current: newKey, previous: [] })).toBe(secret);
    // Once the old key is dropped, what was not re-sealed no longer opens, with a message naming the version.
    expect(() => openSecret(box, 'wh_1', { current: newKey, previous: [] })).toThrow(keyVersion(oldKey));
  });

  it('open the unversioned boxes made before (no associated data) with any key of the ring, and mark them for re-sealing', () => {
    const legacy = encryptSecret(secret, oldKey);
    expect(openSecret(legacy, 'wh_1', after)).toBe(secret);
    expect(needsReseal(legacy, before)).toBe(true);
    expect(() => openSecret(legacy, 'wh_1', { current: newKey, previous: [] })).toThrow();
  });

  it('detect tampering with a versioned box', () => {
    const box = sealSecret(secret, 'wh_1', before);
    const [v, version, body] = box.split('.');
    const raw = Buffer.from(body, 'base64');
    raw[raw.length - 1] ^= 0x01;
    expect(() => openSecret(`${v}.${version}.${raw.toString('base64')}`, 'wh_1', before)).toThrow();
  });
});

describe('liveSecrets', () => {
  const current = 'whsec_current';
  const previous = 'whsec_previous';
  const row = (expires: Date | null) => ({
    secret_ciphertext: sealSecret(current, 'wh_1', { current: key, previous: [] }),
    previous_secret_ciphertext: encryptSecret(previous, key), // sealed before versioned boxes existed
    previous_secret_expires_at: expires,
  });

  it('answers the previous secret only while its grace period lasts', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(liveSecrets(row(new Date(now.getTime() + 1000)), 'wh_1', { current: key, previous: [] }, now)).toEqual([
      current,
      previous,
    ]);
    expect(liveSecrets(row(new Date(now.getTime() - 1000)), 'wh_1', { current: key, previous: [] }, now)).toEqual([
      current,
    ]);
    expect(liveSecrets(row(null), 'wh_1', { current: key, previous: [] }, now)).toEqual([current]);
  });
});
