import { randomBytes } from 'node:crypto';
import { decryptSecret } from './secret-box';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (CONTRACTS.md section 6). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secret columns of a `webhooks` row, as the database answers them. */
export interface WebhookSecretColumns {
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | string | null;
}

/**
 * The secrets that sign a delivery now: the current one first, then the previous one while its
 * rotation grace period lasts. Decrypted in memory only; never log the result.
 */
export function liveSecrets(row: WebhookSecretColumns, key: Buffer, now: Date = new Date()): string[] {
  const secrets = [decryptSecret(row.secret_ciphertext, key)];
  const expiresAt = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null;
  if (row.previous_secret_ciphertext && expiresAt && expiresAt.getTime() > now.getTime()) {
    secrets.push(decryptSecret(row.previous_secret_ciphertext, key));
  }
  return secrets;
}
