import { StoredEmailStatus } from '@app/common/email';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Where an address appears on several people, the most informative status wins. */
const PRECEDENCE: StoredEmailStatus[] = ['valid', 'accept_all', 'invalid', 'not_found'];

/**
 * The statuses the dataset import stored in `person_emails`, matched without case. Asked only for
 * addresses the job's workspace owns (OwnedAddresses): they are paid data.
 */
@Injectable()
export class StoredEmailStatuses {
  constructor(private readonly db: DataSource) {}

  async lookup(addresses: string[]): Promise<Map<string, StoredEmailStatus>> {
    const rows: { address: string; status: StoredEmailStatus }[] = await this.db.query(
      `SELECT lower(address) AS address, status FROM person_emails WHERE lower(address) = ANY($1::text[])`,
      [addresses],
    );
    const found = new Map<string, StoredEmailStatus>();
    for (const { address, status } of rows) {
      const current = found.get(address);
      if (!current || PRECEDENCE.indexOf(status) < PRECEDENCE.indexOf(current)) found.set(address, status);
    }
    return found;
  }
}
