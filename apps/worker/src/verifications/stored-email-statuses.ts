import { StoredEmailStatus } from '@app/common/email';
import { EmailVerificationJobRepository } from '@app/database';
import { Injectable } from '@nestjs/common';

/** Where an address appears on several people, the most informative status wins. */
const PRECEDENCE: StoredEmailStatus[] = ['valid', 'accept_all', 'invalid', 'not_found'];

/**
 * The statuses the dataset import stored in `person_emails`, matched without case. Asked only for
 * addresses the job's workspace owns (OwnedAddresses): they are paid data.
 */
@Injectable()
export class StoredEmailStatuses {
  constructor(private readonly jobs: EmailVerificationJobRepository) {}

  async lookup(addresses: string[]): Promise<Map<string, StoredEmailStatus>> {
    const rows = (await this.jobs.storedStatuses(addresses)) as { address: string; status: StoredEmailStatus }[];
    const found = new Map<string, StoredEmailStatus>();
    for (const { address, status } of rows) {
      const current = found.get(address);
      if (!current || PRECEDENCE.indexOf(status) < PRECEDENCE.indexOf(current)) found.set(address, status);
    }
    return found;
  }
}
