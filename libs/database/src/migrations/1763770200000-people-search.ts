import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillSearchColumns } from '../people/search-columns';

/**
 * Derived columns and indexes of the people search filters (docs/people-search.md): job title
 * tokens for CONTAINS / EXACT / ordered matching, location keys for unified location strings,
 * company text indexes for keyword phrases and names, and the export record that
 * `duplicates.exclude_exported` reads. Rows loaded before this migration get their columns here.
 */
export class PeopleSearch1763770200000 implements MigrationInterface {
  name = 'PeopleSearch1763770200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // array_to_string is only STABLE, so an index needs this IMMUTABLE wrapper (keywords are plain text).
    await q.query(
      `CREATE FUNCTION keywords_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$`,
    );
    await q.query(`
      ALTER TABLE people
        -- canonical title words plus the raw ones (CONTAINS), the sorted canonical words (EXACT),
        -- the canonical words in order (backtick phrases of boolean_search)
        ADD COLUMN title_terms text[] NOT NULL DEFAULT '{}',
        ADD COLUMN title_key text NOT NULL DEFAULT '',
        ADD COLUMN title_canon text NOT NULL DEFAULT '',
        -- 'c:us', 's:us:texas', 't:us:austin', 'i:us:texas:austin' (and the state code variants)
        ADD COLUMN location_keys text[] NOT NULL DEFAULT '{}';
      ALTER TABLE companies
        ADD COLUMN hq_location_keys text[] NOT NULL DEFAULT '{}',
        ADD COLUMN location_keys text[] NOT NULL DEFAULT '{}';

      CREATE TABLE exported_people (
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        person_id char(24) NOT NULL,
        exported_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, person_id)
      );
      -- Bumped by every dataset load: people search caches counts per version. The instance id keeps
      -- apart databases that share one Redis (staging copies, test databases).
      CREATE TABLE dataset_state (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        instance uuid NOT NULL DEFAULT gen_random_uuid(),
        version bigint NOT NULL DEFAULT 1,
        loaded_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO dataset_state DEFAULT VALUES;

      -- lists.saved_at and the person_saved_at sort read a workspace's saves by time.
      CREATE INDEX saved_people_saved_at_idx ON saved_people (workspace_id, saved_at);
    `);
    await backfillSearchColumns(q);
    await q.query(SEARCH_INDEXES);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE exported_people, dataset_state;
      DROP INDEX companies_facets_idx;
      DROP FUNCTION keywords_text(text[]);
      DROP INDEX saved_people_saved_at_idx, people_title_terms_idx, people_title_key_idx, people_location_keys_idx, people_role_started_idx,
        companies_hq_location_keys_idx, companies_location_keys_idx, companies_name_lower_idx, companies_name_trgm_idx,
        companies_keywords_fts_idx, companies_social_fts_idx, companies_website_text_fts_idx, companies_pro_network_website_idx;
      ALTER TABLE people DROP COLUMN title_terms, DROP COLUMN title_key, DROP COLUMN title_canon, DROP COLUMN location_keys;
      ALTER TABLE companies DROP COLUMN hq_location_keys, DROP COLUMN location_keys;
    `);
  }
}

/** Created after the backfill: building an index once is cheaper than maintaining it row by row. */
const SEARCH_INDEXES = `
  CREATE INDEX people_title_terms_idx ON people USING gin (title_terms);
  CREATE INDEX people_title_key_idx ON people (title_key);
  CREATE INDEX people_location_keys_idx ON people USING gin (location_keys);
  CREATE INDEX people_role_started_idx ON people (role_started_at);
  CREATE INDEX companies_hq_location_keys_idx ON companies USING gin (hq_location_keys);
  CREATE INDEX companies_location_keys_idx ON companies USING gin (location_keys);
  CREATE INDEX companies_name_lower_idx ON companies (lower(name));
  CREATE INDEX companies_name_trgm_idx ON companies USING gin (lower(name) gin_trgm_ops);
  CREATE INDEX companies_pro_network_website_idx ON companies (lower(pro_network_website));
  -- Company attribute filters read this narrow copy (index-only) instead of 1.7 KB company rows: on
  -- 100,000 companies the companies side of "offices in the US" went from 227 ms to 132 ms (busy machine).
  CREATE INDEX companies_facets_idx ON companies (id)
    INCLUDE (country_code, office_country_codes, employee_range, employee_count, industry, type, business_type, revenue_stream, founded, naics_codes);
  CREATE INDEX companies_keywords_fts_idx ON companies USING gin (to_tsvector('simple', keywords_text(keywords)));
  CREATE INDEX companies_social_fts_idx ON companies USING gin (to_tsvector('simple', coalesce(social_media_description, '')));
  CREATE INDEX companies_website_text_fts_idx ON companies USING gin (to_tsvector('simple', coalesce(website_text, '')));
`;
