import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EmailVerificationJob } from './email-verification-job.entity';

export type EmailVerificationStatus = 'valid' | 'invalid' | 'accept_all' | 'unknown';

/** One address of a verification job, written at creation; `status` stays null until its chunk is verified. */
@Entity('email_verification_results')
@Check('email_verification_results_status_check', `status IN ('valid', 'invalid', 'accept_all', 'unknown')`)
export class EmailVerificationResult {
  @PrimaryColumn({ name: 'job_id', type: 'uuid' })
  jobId: string;

  @ManyToOne(() => EmailVerificationJob, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id', foreignKeyConstraintName: 'email_verification_results_job_id_fkey' })
  job?: EmailVerificationJob;

  /** The address's place in the job's input, from 0. */
  @PrimaryColumn({ type: 'integer' })
  ordinal: number;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  status: EmailVerificationStatus | null;
}
