import { EmailVerificationJobRepository } from '@app/database';
import { Injectable } from '@nestjs/common';

/**
 * Which addresses a workspace owns: the emails its saves revealed to it (`saved_people.revealed_email`),
 * matched without case. Only these may be answered from the stored statuses (docs/email-verification.md).
 * An edited email (`edited_email`) does not count: editing is free, so it would let a workspace make
 * any guessed address "its own" and read our status for it.
 */
@Injectable()
export class OwnedAddresses {
  constructor(private readonly jobs: EmailVerificationJobRepository) {}

  /** One probe of `saved_people_revealed_address_idx` per address of the chunk. */
  async of(workspaceId: string, addresses: string[]): Promise<Set<string>> {
    return this.jobs.ownedAddresses(workspaceId, addresses);
  }
}
