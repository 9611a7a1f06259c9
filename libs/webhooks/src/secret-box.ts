import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Plain module (no Nest imports): the API, the worker and unit specs all load it.

const IV_BYTES = 12;
const TAG_BYTES = 16;

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
}

/**
 * Encrypts with AES-256-GCM; answers base64 of iv + auth tag + ciphertext. Without `associatedData` this is the
 * format before versioned boxes: `openSecret` still opens it, `secrets:rotate` re-seals it. Tests use it to plant old rows.
 */
export function encryptSecret(plain: string, key: Buffer, associatedData?: Buffer): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (associatedData) cipher.setAAD(associatedData);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Decrypts what `encryptSecret` made (with the same associated data); throws when the box was altered or the key is wrong. */
export function decryptSecret(box: string, key: Buffer, associatedData?: Buffer): string {
  checkKey(key);
  const raw = Buffer.from(box, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('the secret box is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  if (associatedData) decipher.setAAD(associatedData);
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/**
 * The keys webhook secrets are sealed with: `current` seals, `previous` (SECRETS_KEY_PREVIOUS) only opens,
 * so SECRETS_KEY can be rotated: deploy the new key with the old one as previous, run `secrets:rotate`, then
 * drop the previous key.
 */
export interface SecretKeyring {
  current: Buffer;
  previous: Buffer[];
}

/** Fingerprints already computed: every delivery opens a secret, and the ring's keys never change. */
const keyVersions = new WeakMap<Buffer, string>();

/** A key's version as recorded in a sealed value: a fingerprint, so operators never number keys by hand. */
export function keyVersion(key: Buffer): string {
  let version = keyVersions.get(key);
  if (version === undefined) {
    checkKey(key);
    version = createHash('sha256').update('pws-secrets-key:').update(key).digest('hex').slice(0, 12);
    keyVersions.set(key, version);
  }
  return version;
}

/** Versioned boxes are `v1.<key version>.<base64 of iv + tag + ciphertext>`; unversioned ones are bare base64 (no '.'). */
const VERSIONED = /^v1\.([0-9a-f]{12})\.([A-Za-z0-9+/=]+)$/;

/** Binds a sealed secret to its webhook: moved to another row, it no longer opens. */
const associatedData = (webhookId: string) => Buffer.from(`webhook:${webhookId}`, 'utf8');

/** Seals a webhook's secret under the current key, its webhook id as associated data. */
export function sealSecret(plain: string, webhookId: string, keyring: SecretKeyring): string {
  return `v1.${keyVersion(keyring.current)}.${encryptSecret(plain, keyring.current, associatedData(webhookId))}`;
}

/**
 * Opens what `sealSecret` made with any key of the ring, and the unversioned boxes made before it (no associated
 * data: tried with each key). Throws when no key opens it, or the box belongs to another webhook.
 */
export function openSecret(box: string, webhookId: string, keyring: SecretKeyring): string {
  const keys = [keyring.current, ...keyring.previous];
  const versioned = VERSIONED.exec(box);
  if (!versioned) {
    for (const key of keys) {
      try {
        return decryptSecret(box, key);
      } catch {
        // the next key, if any
      }
    }
    throw new Error('no key of the ring opens this secret');
  }
  const key = keys.find((k) => keyVersion(k) === versioned[1]);
  if (!key)
    throw new Error(
      `the secret was sealed with key version ${versioned[1]}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`,
    );
  return decryptSecret(versioned[2], key, associatedData(webhookId));
}

/** Whether `secrets:rotate` should re-seal this box: unversioned, or sealed under another key than the current one. */
export function needsReseal(box: string, keyring: SecretKeyring): boolean {
  const versioned = VERSIONED.exec(box);
  return !versioned || versioned[1] !== keyVersion(keyring.current);
}
