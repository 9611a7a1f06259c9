import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A message for the workspace admin, e.g. "webhook disabled" (docs/api.md#webhooks). */
@Entity('notifications')
export class Notification {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @Column({ type: 'text' })
  kind: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
