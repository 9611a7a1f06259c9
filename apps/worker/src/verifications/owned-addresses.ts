import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Which addresses a workspace owns: the emails its saves revealed to it (`saved_people.revealed_email`),
 * matched without case. Only these may be answered from the stored statuses (docs/email-verification.md).
 * An edited email (`edited_email`) does not count: editing is free, so it would let a workspace make
 * any guessed address "its own" and read our status for it.
 */
@Injectable()
export class OwnedAddresses {
  constructor(private readonly db: DataSource) {}

  /** One probe of `saved_people_revealed_address_idx` per address of the chunk. */
  async of(workspaceId: string, addresses: string[]): Promise<Set<string>> {
    const rows: { address: string }[] = await this.db.query(
      `SELECT DISTINCT lower(revealed_email) AS address FROM saved_people
        WHERE workspace_id = $1 AND lower(revealed_email) = ANY($2::text[]) AND revealed_email IS NOT NULL`,
      [workspaceId, addresses],
    );
    return new Set(rows.map((r) => r.address));
  }
}
