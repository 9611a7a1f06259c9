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
  opener: SecretOpener,
  now: Date = new Date(),
): string[] {
  const secrets = [opener.open(row.secret_ciphertext, webhookId)];
  const expiresAt = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null;
  if (row.previous_secret_ciphertext && expiresAt && expiresAt.getTime() > now.getTime()) {
    secrets.push(opener.open(row.previous_secret_ciphertext, webhookId));
  }
  return secrets;
}

/**
 * Opens sealed secrets and keeps the last `size` it opened, least recently used out first: a busy
 * webhook's secret is decrypted once rather than on every delivery (an AES-GCM decipher a
 * delivery was 3 % of the worker's time in a ten-webhook burst). Keyed by webhook id and sealed
 * box, so a rotated secret is a new entry and a box moved to another webhook is opened (and
 * refused) afresh. Plain secrets stay in this process' memory only; never log them.
 */
export class SecretOpener {
  private readonly opened = new Map<string, string>();

  constructor(
    private readonly keyring: SecretKeyring,
    private readonly size = 1000,
  ) {}

  open(box: string, webhookId: string): string {
    const key = `${webhookId}\n${box}`;
    const kept = this.opened.get(key);
    if (kept !== undefined) {
      this.opened.delete(key);
      this.opened.set(key, kept);
      return kept;
    }
    const plain = openSecret(box, webhookId, this.keyring);
    this.opened.set(key, plain);
    if (this.opened.size > this.size) this.opened.delete(this.opened.keys().next().value!);
    return plain;
  }

  /** How many opened secrets are kept (tests). */
  get kept(): number {
    return this.opened.size;
  }
}

/** The keyring of the configuration: SECRETS_KEY seals, SECRETS_KEY_PREVIOUS only opens. */
export function configKeyring(config: { secretsKey: Buffer | null; secretsKeysPrevious: Buffer[] }): SecretKeyring {
  if (!config.secretsKey) throw new Error('SECRETS_KEY is not configured');
  return { current: config.secretsKey, previous: config.secretsKeysPrevious };
}
