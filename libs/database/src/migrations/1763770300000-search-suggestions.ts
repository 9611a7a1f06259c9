import { MigrationInterface, QueryRunner } from 'typeorm';
import { rebuildSuggestions } from '../suggestions/refresh-suggestions';

/**
 * The values POST /v2/search/suggest offers (docs/people-search.md "Suggestions"), precomputed
 * from people and companies by `refreshSuggestions` after every dataset load; filled here once so
 * a database loaded before this migration has them too.
 */
export class SearchSuggestions1763770300000 implements MigrationInterface {
  name = 'SearchSuggestions1763770300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_suggestions (
        -- rank inside the type: count descending, then value (a lookup orders by id alone)
        id bigint PRIMARY KEY,
        type text NOT NULL,
        value text NOT NULL,
        value_lower text NOT NULL,
        count bigint NOT NULL,
        -- company_name only: the company and its website, to tell companies of one name apart
        company_id char(24),
        website text
      );

      -- One row per word of a value: the lower-cased value from that word to its end.
      CREATE TABLE search_suggestion_words (
        type text NOT NULL,
        tail text NOT NULL,
        suggestion_id bigint NOT NULL,
        -- the tail is the whole value
        first_word boolean NOT NULL
      );
    `);
    await q.query(SUGGESTION_INDEXES);
    await rebuildSuggestions(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE search_suggestion_words, search_suggestions`);
  }
}

/**
 * Measured with EXPLAIN ANALYZE on 1,000,000 generated people / 100,000 companies (103,752 values,
 * 244,366 tails, 232,128 of them company names; after VACUUM, warm cache). Company names are the
 * worst case: the most tails, and the most sharing a start.
 */
const SUGGESTION_INDEXES = `
  -- Exact matches, and queries of 3+ characters: a range scan of the tails starting with the query
  -- (byte order, which text_pattern_ops keeps), then the best ranks among them. 7.7 ms for "inc"
  -- (5,741 company-name tails), 0.7 ms for "sales" among job titles, 0.2 ms for nonsense.
  CREATE INDEX search_suggestion_words_tail_idx ON search_suggestion_words (type, tail text_pattern_ops) INCLUDE (suggestion_id, first_word);
  -- Queries of 1 or 2 characters match up to 21,409 company-name tails: ranking them all through the
  -- index above takes 27 ms ("s") and 12 ms ("in"). These indexes walk the matches in rank order
  -- and stop at the limit: 1.0 ms and 0.7 ms.
  CREATE INDEX search_suggestion_words_head1_idx ON search_suggestion_words (type, left(tail, 1), first_word, suggestion_id);
  CREATE INDEX search_suggestion_words_head2_idx ON search_suggestion_words (type, left(tail, 2), first_word, suggestion_id);
`;
