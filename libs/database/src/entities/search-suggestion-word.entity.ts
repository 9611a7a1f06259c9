import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BIGINT_AS_NUMBER } from './column-transformers';

/**
 * One word of a suggestion's value: the lower-cased value from that word to its end (cut to a
 * fixed length, so one value may repeat a tail).
 *
 * The table has no primary key: it is only rebuilt whole and read through its indexes, by SQL
 * (refresh-suggestions.ts, the suggest query). TypeORM cannot map an entity without one, so this
 * entity names (suggestion_id, tail), which is not unique: never load or save rows through it. The
 * schema test compares the table as keyless (test/database/entities-schema.e2e-spec.ts).
 */
@Entity('search_suggestion_words')
// (type, tail text_pattern_ops) INCLUDE (suggestion_id, first_word) and (type, left(tail, 1 or 2),
// first_word, suggestion_id): operator-class, covering and expression indexes TypeORM cannot express.
@Index('search_suggestion_words_tail_idx', { synchronize: false })
@Index('search_suggestion_words_head1_idx', { synchronize: false })
@Index('search_suggestion_words_head2_idx', { synchronize: false })
export class SearchSuggestionWord {
  @Column({ type: 'text' })
  type: string;

  @PrimaryColumn({ type: 'text' })
  tail: string;

  @PrimaryColumn({ name: 'suggestion_id', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  suggestionId: number;

  /** The tail is the whole value. */
  @Column({ name: 'first_word', type: 'boolean' })
  firstWord: boolean;
}
