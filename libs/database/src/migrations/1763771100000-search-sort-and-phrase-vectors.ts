import { MigrationInterface, QueryRunner } from 'typeorm';

/** Written between two specialties in their stored vector: a word no phrase asks for. */
const KEYWORD_BREAK = 'keywordbreak';

/** The columns the common person filters read, carried in every index a page walks (see 1763770600000). */
const FILTER_COLUMNS =
  'seniority, departments, company_id, best_email_status, role_started_at, company_started_at, job_change, location_keys';

/**
 * Two measured hot spots of the people search on 1,000,000 people:
 *
 * - `company_keywords` phrases. A GIN index over `to_tsvector(...)` keeps no word positions, so
 *   every candidate company was rechecked by parsing its text again (two phrases over specialties
 *   and website pages: 480 ms to resolve 5,062 companies). Stored vectors make the recheck read
 *   the positions instead (77 ms). The expression indexes give way to indexes on the columns.
 *   Specialties are stored with a filler word between them, so "within one specialty" is a plain
 *   phrase match too (one phrase: 107 -> 22 ms).
 * - Sorting by first or last name. A deep page sorted the 185,857 matches of a department group
 *   (page 200 of 100: 617 to 950 ms). With an index in the sort's own order that carries the filter
 *   columns (and the name itself: an expression alone does not allow an index-only scan), the page
 *   walks the index and stops after 20,000 matches, index-only (80 to 120 ms). Each is about 340 MB.
 */
export class SearchSortAndPhraseVectors1763771100000 implements MigrationInterface {
  name = 'SearchSortAndPhraseVectors1763771100000';

  async up(q: QueryRunner): Promise<void> {
    // A filler word between specialties keeps a phrase from spanning two of them: "big machine" and
    // "learning tools" do not make "machine learning" (the check that used to unnest every candidate's
    // keywords and parse each one again).
    await q.query(`
      CREATE FUNCTION keywords_fields_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ${KEYWORD_BREAK} ') $$;
      ALTER TABLE companies
        ADD COLUMN keywords_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', keywords_fields_text(keywords))) STORED,
        ADD COLUMN social_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(social_media_description, ''))) STORED,
        ADD COLUMN website_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(website_text, ''))) STORED;
      DROP INDEX companies_keywords_fts_idx, companies_social_fts_idx, companies_website_text_fts_idx;
      CREATE INDEX companies_keywords_tsv_idx ON companies USING gin (keywords_tsv);
      CREATE INDEX companies_social_tsv_idx ON companies USING gin (social_tsv);
      CREATE INDEX companies_website_tsv_idx ON companies USING gin (website_tsv);
      CREATE INDEX people_first_name_sort_idx ON people (lower(first_name), followers DESC, id) INCLUDE (first_name, ${FILTER_COLUMNS});
      CREATE INDEX people_last_name_sort_idx ON people (lower(last_name), followers DESC, id) INCLUDE (last_name, ${FILTER_COLUMNS});
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX people_first_name_sort_idx, people_last_name_sort_idx;
      ALTER TABLE companies DROP COLUMN keywords_tsv, DROP COLUMN social_tsv, DROP COLUMN website_tsv;
      DROP FUNCTION keywords_fields_text(text[]);
      CREATE INDEX companies_keywords_fts_idx ON companies USING gin (to_tsvector('simple', keywords_text(keywords)));
      CREATE INDEX companies_social_fts_idx ON companies USING gin (to_tsvector('simple', coalesce(social_media_description, '')));
      CREATE INDEX companies_website_text_fts_idx ON companies USING gin (to_tsvector('simple', coalesce(website_text, '')));
    `);
  }
}
