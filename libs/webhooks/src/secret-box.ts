import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Plain module (no Nest imports): the API, the worker and unit specs all load it.

const IV_BYTES = 12;
const TAG_BYTES = 16;

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
}

/** Encrypts with AES-256-GCM; answers base64 of iv + auth tag + ciphertext. */
export function encryptSecret(plain: string, key: Buffer): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Decrypts what `encryptSecret` made; throws when the box was altered or the key is wrong. */
export function decryptSecret(box: string, key: Buffer): string {
  checkKey(key);
  const raw = Buffer.from(box, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('the secret box is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
