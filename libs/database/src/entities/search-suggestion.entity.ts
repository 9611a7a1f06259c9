import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BIGINT_AS_NUMBER } from './column-transformers';

/** A value POST /v2/search/suggest offers, precomputed after every dataset load (libs/database/src/suggestions). */
@Entity('search_suggestions')
export class SearchSuggestion {
  /** The rank inside the type: count descending, then value (a lookup orders by id alone). */
  @PrimaryColumn({ type: 'bigint', transformer: BIGINT_AS_NUMBER })
  id: number;

  @Column({ type: 'text' })
  type: string;

  @Column({ type: 'text' })
  value: string;

  @Column({ name: 'value_lower', type: 'text' })
  valueLower: string;

  @Column({ type: 'bigint', transformer: BIGINT_AS_NUMBER })
  count: number;

  /** company_name only: the company and its website, to tell companies of one name apart. */
  @Column({ name: 'company_id', type: 'char', length: 24, nullable: true })
  companyId: string | null;

  @Column({ type: 'text', nullable: true })
  website: string | null;
}
