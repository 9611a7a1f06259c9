import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StoredEmailStatus } from './person.entity';

/** An email of a person as the data set holds it, written only by the dataset loader with its person. */
@Entity('person_emails')
@Check('person_emails_status_check', `status IN ('valid', 'invalid', 'accept_all', 'not_found')`)
// lower(address): an expression index TypeORM cannot express.
@Index('person_emails_lower_address_idx', { synchronize: false })
export class PersonEmail {
  @PrimaryColumn({ name: 'person_id', type: 'char', length: 24 })
  personId: string;

  @PrimaryColumn({ name: 'email_no', type: 'smallint' })
  emailNo: number;

  @Column({ type: 'text' })
  address: string;

  @Column({ type: 'text' })
  status: StoredEmailStatus;
}
