import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row of the transactional outbox: written with the change that caused it, relayed by the worker. */
@Entity('events')
export class OutboxEvent {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @Column({ type: 'text' })
  type: string;

  /** The whole event body as receivers get it: `{id, type, created_at, data}`. */
  @Column({ type: 'jsonb' })
  body: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Set once the relay has fanned the event out to its webhooks' delivery jobs. */
  @Column({ name: 'relayed_at', type: 'timestamptz', nullable: true })
  relayedAt: Date | null;
}
