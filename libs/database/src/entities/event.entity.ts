import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

/** One row of the transactional outbox: written with the change that caused it, relayed by the worker. */
@Entity('events')
// The relay and its sweeper read only what is not relayed yet; pruning reads only what is.
@Index('events_unrelayed_idx', ['createdAt'], { where: 'relayed_at IS NULL' })
@Index('events_relayed_created_idx', ['createdAt'], { where: 'relayed_at IS NOT NULL' })
export class OutboxEvent {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'events_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  @Column({ type: 'text' })
  type: string;

  /** The whole event body as receivers get it: `{id, type, created_at, data}`. */
  @Column({ type: 'jsonb' })
  body: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  /** Set for a test event, which goes to this one webhook only. */
  @Column({ name: 'target_webhook_id', type: 'varchar', length: 64, nullable: true })
  targetWebhookId: string | null;

  /** Set once the relay has fanned the event out to its webhooks' delivery jobs. */
  @Column({ name: 'relayed_at', type: 'timestamptz', nullable: true })
  relayedAt: Date | null;
}
