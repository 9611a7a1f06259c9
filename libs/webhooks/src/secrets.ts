import { randomBytes } from 'node:crypto';
import { openSecret, SecretKeyring } from './secret-box';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (docs/api.md#webhooks). */
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
export function liveSecrets(
  row: WebhookSecretColumns,
  webhookId: string,
  keyring: SecretKeyring,
  now: Date = new Date(),
): string[] {
  const secrets = [openSecret(row.secret_ciphertext, webhookId, keyring)];
  const expiresAt = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null;
  if (row.previous_secret_ciphertext && expiresAt && expiresAt.getTime() > now.getTime()) {
    secrets.push(openSecret(row.previous_secret_ciphertext, webhookId, keyring));
  }
  return secrets;
}

/** The keyring of the configuration: SECRETS_KEY seals, SECRETS_KEY_PREVIOUS only opens. */
export function configKeyring(config: { secretsKey: Buffer | null; secretsKeysPrevious: Buffer[] }): SecretKeyring {
  if (!config.secretsKey) throw new Error('SECRETS_KEY is not configured');
  return { current: config.secretsKey, previous: config.secretsKeysPrevious };
}
