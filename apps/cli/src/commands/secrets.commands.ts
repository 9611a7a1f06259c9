import { loadConfig } from '@app/config';
import { WebhookRepository, WebhookSecretColumn } from '@app/database';
import { configKeyring, needsReseal, openSecret, sealSecret } from '@app/webhooks';
import { DataSource } from 'typeorm';
import { CliError, CommandOptions } from '../cli-args';

const BATCH = 500;
const COLUMNS: readonly WebhookSecretColumn[] = ['secret_ciphertext', 'previous_secret_ciphertext'];

/**
 * secrets:rotate: re-seals every stored webhook secret (current, and previous ones kept for a rotation's grace)
 * under SECRETS_KEY, opening them with SECRETS_KEY or SECRETS_KEY_PREVIOUS. Idempotent: a secret already sealed
 * under SECRETS_KEY is left alone, so a re-run re-seals 0. Each write is a compare-and-swap on the value read,
 * so an API rotating a secret meanwhile wins (counted in `changed_meanwhile`; re-run to finish those).
 * Fails, after re-sealing everything else, when a secret opens with no key: drop no previous key then.
 */
export async function rotateSecrets(db: DataSource, _options: CommandOptions) {
  const config = loadConfig();
  if (!config.secretsKey)
    throw new CliError(
      'SECRETS_KEY is not set: give the key to seal with (and the former ones in SECRETS_KEY_PREVIOUS)',
    );
  const keyring = configKeyring(config);
  const counts = { webhooks: 0, resealed: 0, already_current: 0, changed_meanwhile: 0 };
  const unreadable = new Set<string>();
  const webhooks = new WebhookRepository(db);
  for (let after = ''; ;) {
    const rows = await webhooks.secretsAfter(after, BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      counts.webhooks += 1;
      for (const column of COLUMNS) {
        const box = row[column];
        if (box === null) continue;
        if (!needsReseal(box, keyring)) {
          counts.already_current += 1;
          continue;
        }
        let plain: string;
        try {
          plain = openSecret(box, row.id, keyring);
        } catch {
          unreadable.add(row.id);
          continue;
        }
        if (await webhooks.replaceSecret(row.id, column, sealSecret(plain, row.id, keyring), box)) counts.resealed += 1;
        else counts.changed_meanwhile += 1;
      }
    }
    after = rows[rows.length - 1].id;
  }
  if (unreadable.size > 0) {
    throw new CliError(
      `${unreadable.size} webhook(s) hold a secret that neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS opens (${[...unreadable].slice(0, 10).join(', ')}); ` +
        `${counts.resealed} other secret(s) were re-sealed. Keep the former key until they are, or rotate those webhooks' secrets`,
    );
  }
  return counts;
}
