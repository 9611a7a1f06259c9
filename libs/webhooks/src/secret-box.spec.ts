import crypto, { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret, keyVersion, needsReseal, openSecret, sealSecret } from './secret-box';
import { liveSecrets, SecretOpener } from './secrets';

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
    expect(
      liveSecrets(row(new Date(now.getTime() + 1000)), 'wh_1', new SecretOpener({ current: key, previous: [] }), now),
    ).toEqual([current, previous]);
    expect(
      liveSecrets(row(new Date(now.getTime() - 1000)), 'wh_1', new SecretOpener({ current: key, previous: [] }), now),
    ).toEqual([current]);
    expect(liveSecrets(row(null), 'wh_1', new SecretOpener({ current: key, previous: [] }), now)).toEqual([current]);
  });
});

describe('SecretOpener', () => {
  const keyring = { current: key, previous: [] };
  const sealedFor = (webhookId: string, plain = secret) => sealSecret(plain, webhookId, keyring);

  it('opens a box once and answers the kept secret after that', () => {
    const opener = new SecretOpener(keyring);
    const box = sealedFor('wh_1');
    expect(opener.open(box, 'wh_1')).toBe(secret);
    const decrypt = jest.spyOn(crypto, 'createDecipheriv');
    try {
      expect(opener.open(box, 'wh_1')).toBe(secret);
      expect(decrypt).not.toHaveBeenCalled();
    } finally {
      decrypt.mockRestore();
    }
  });

  it('still refuses a box moved to another webhook after its own webhook opened it', () => {
    const opener = new SecretOpener(keyring);
    const box = sealedFor('wh_1');
    opener.open(box, 'wh_1');
    expect(() => opener.open(box, 'wh_2')).toThrow();
  });

  it('keeps at most its size, the least recently used out first', () => {
    const opener = new SecretOpener(keyring, 2);
    const [a, b, c] = ['wh_a', 'wh_b', 'wh_c'].map((id) => [sealedFor(id, `whsec_${id}`), id] as const);
    opener.open(...a);
    opener.open(...b);
    opener.open(...a); // a is now the most recently used
    opener.open(...c); // b goes
    expect(opener.kept).toBe(2);
    const decrypt = jest.spyOn(crypto, 'createDecipheriv');
    try {
      expect(opener.open(...a)).toBe('whsec_wh_a');
      expect(decrypt).not.toHaveBeenCalled();
      expect(opener.open(...b)).toBe('whsec_wh_b');
      expect(decrypt).toHaveBeenCalledTimes(1);
    } finally {
      decrypt.mockRestore();
    }
  });

  it('answers the same live secrets whether it opens them or kept them', () => {
    const row = {
      secret_ciphertext: sealedFor('wh_1', 'whsec_current'),
      previous_secret_ciphertext: sealedFor('wh_1', 'whsec_previous'),
      previous_secret_expires_at: new Date(Date.now() + 60_000),
    };
    const opener = new SecretOpener(keyring);
    expect(liveSecrets(row, 'wh_1', opener)).toEqual(liveSecrets(row, 'wh_1', new SecretOpener(keyring)));
    expect(liveSecrets(row, 'wh_1', opener)).toEqual(['whsec_current', 'whsec_previous']);
  });
});
