import { Check, Column, Entity, Generated, PrimaryColumn } from 'typeorm';
import { BIGINT_AS_NUMBER } from './column-transformers';

/**
 * The one row describing the loaded data set. `version` is bumped by every load (people search
 * caches counts per version); `instance` keeps apart databases that share one Redis.
 */
@Entity('dataset_state')
@Check('dataset_state_singleton_check', 'singleton')
export class DatasetState {
  @PrimaryColumn({ type: 'boolean', default: true })
  singleton: boolean;

  @Column({ type: 'uuid' })
  @Generated('uuid')
  instance: string;

  @Column({ type: 'bigint', default: 1, transformer: BIGINT_AS_NUMBER })
  version: number;

  @Column({ name: 'loaded_at', type: 'timestamptz', default: () => 'now()' })
  loadedAt: Date;
}
