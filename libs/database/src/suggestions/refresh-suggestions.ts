/**
 * The precomputed values of POST /v2/search/suggest (docs/people-search.md "Suggestions"). Plain
 * module, no Nest: the dataset loader (libs/dataset) and a migration both call it.
 *
 *   search_suggestions        one row per value; `id` is its rank inside its type
 *   search_suggestion_words   one row per word of a value: the value from that word to its end
 */
import { COUNTRIES } from '@app/domain/enums/countries';
import { INDUSTRY_GROUPS } from '@app/domain/enums/industries';
import { REGIONS, regionCountries } from '@app/domain/enums/regions';

/** The `type` values of `search_suggestions`, one per filter that POST /v2/search/suggest serves. */
export const SUGGESTION_TYPES = [
  'company_keywords',
  'person_job_title',
  'person_location',
  'company_industry',
  'company_name',
] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

/** Anything that runs SQL with positional parameters: a pg client, a TypeORM QueryRunner or EntityManager. */
export interface SuggestionsQueryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** A suggestion value standing for a set of stored values: its count is the sum of theirs. */
export interface StaticSuggestion {
  value: string;
  members: string[];
}

/**
 * `company_industry` values: every industry group (members: its industries) and every industry
 * (member: itself). A name that is both a group and an industry ("Construction") is offered once,
 * as the group, because the filter expands it as the group.
 */
export function industrySuggestions(
  groups: Readonly<Record<string, readonly string[]>> = INDUSTRY_GROUPS,
): StaticSuggestion[] {
  const byName = new Map<string, StaticSuggestion>();
  for (const [group, industries] of Object.entries(groups))
    byName.set(group.toLowerCase(), { value: group, members: [...industries] });
  for (const industries of Object.values(groups)) {
    for (const industry of industries)
      if (!byName.has(industry.toLowerCase()))
        byName.set(industry.toLowerCase(), { value: industry, members: [industry] });
  }
  return [...byName.values()];
}

/** `person_location` region values with their member country codes (codes of no known country dropped). */
export function regionSuggestions(regions: Readonly<Record<string, readonly string[]>> = REGIONS): StaticSuggestion[] {
  return Object.keys(regions).map((value) => ({ value, members: [...(regionCountries(value) ?? [])] }));
}

/**
 * Country codes and the names `person_location` offers for them. A country whose name is also a
 * region name (Antarctica) is left out: the filter reads that name as the region.
 */
export function suggestedCountries(regions: Readonly<Record<string, readonly string[]>> = REGIONS): {
  codes: string[];
  names: string[];
} {
  const regionNames = new Set(Object.keys(regions).map((r) => r.toLowerCase()));
  const kept = COUNTRIES.filter((c) => !regionNames.has(c.name.toLowerCase()));
  return { codes: kept.map((c) => c.code), names: kept.map((c) => c.name) };
}

/**
 * Longest stored word tail. Queries are at most 100 characters, so a longer tail only matters for
 * the exact-match test, and a tail of 200 characters can never equal a query: truncating keeps
 * every answer and keeps index entries far below PostgreSQL's 2,700-byte btree limit.
 */
const TAIL_CHARS = 200;

/**
 * One row per suggestion value. Values that differ only in case are merged (their counts added)
 * under the spelling most rows use. Lengths follow what each filter accepts (keywords 3-100,
 * titles 2-100, locations 2-200). `id` is the rank inside the type (count descending, then value),
 * so a lookup orders its hits by `id` alone.
 */
const INSERT_SUGGESTIONS = `
  WITH
    countries AS (SELECT * FROM unnest($1::text[], $2::text[]) AS c(code, name)),
    regions AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS r(value text, members text[])),
    industries AS (SELECT * FROM jsonb_to_recordset($4::jsonb) AS i(value text, members text[])),
    -- one pass over people for both titles and places
    people_groups AS (
      SELECT GROUPING(title) = 0 AS by_title, title, country_code::text AS code, state, city, count(*) AS n
      FROM people GROUP BY GROUPING SETS ((title), (country_code, state, city))),
    places AS (
      SELECT code, nullif(btrim(state), '') AS state, nullif(btrim(city), '') AS city, sum(n) AS n
      FROM people_groups WHERE NOT by_title AND code IS NOT NULL GROUP BY 1, 2, 3),
    -- A comma inside a state or city would split the unified string differently: such places are not offered.
    named_places AS (
      SELECT p.n, c.name AS country,
        CASE WHEN p.state NOT LIKE '%,%' THEN p.state END AS state,
        CASE WHEN p.city NOT LIKE '%,%' THEN p.city END AS city
      FROM places p JOIN countries c ON c.code = p.code),
    variants (type, value, n) AS (
      SELECT 'company_keywords', keyword, count(*) FROM (
        -- one spelling per company and lower-cased keyword, so a count is a number of companies
        SELECT min(k) AS keyword
        FROM companies c CROSS JOIN LATERAL unnest(c.keywords) AS k
        WHERE char_length(k) BETWEEN 3 AND 100 AND btrim(k) <> ''
        GROUP BY c.id, lower(k)) per_company
      GROUP BY keyword
      UNION ALL
      SELECT 'person_job_title', title, n FROM people_groups
      WHERE by_title AND char_length(title) BETWEEN 2 AND 100 AND btrim(title) <> ''
      UNION ALL
      SELECT 'person_location', country, sum(n) FROM named_places GROUP BY country
      UNION ALL
      SELECT 'person_location', state || ', ' || country, sum(n) FROM named_places WHERE state IS NOT NULL GROUP BY state, country
      UNION ALL
      SELECT 'person_location', city || ', ' || state || ', ' || country, sum(n) FROM named_places WHERE state IS NOT NULL AND city IS NOT NULL GROUP BY city, state, country
      UNION ALL
      -- without a known state, "City, Country" is the way to name the place
      SELECT 'person_location', city || ', ' || country, sum(n) FROM named_places WHERE state IS NULL AND city IS NOT NULL GROUP BY city, country
      UNION ALL
      SELECT 'person_location', r.value, coalesce(sum(p.n), 0) FROM regions r LEFT JOIN places p ON p.code = ANY (r.members) GROUP BY r.value
      UNION ALL
      SELECT 'company_industry', i.value, coalesce(sum(ci.n), 0)
      FROM industries i
      LEFT JOIN (SELECT lower(industry) AS industry, count(*) AS n FROM companies WHERE industry IS NOT NULL GROUP BY 1) ci
        ON ci.industry IN (SELECT lower(m) FROM unnest(i.members) AS m)
      GROUP BY i.value),
    merged AS (
      SELECT type, (array_agg(value ORDER BY n DESC, value))[1] AS value, sum(n)::bigint AS count, NULL::char(24) AS company_id, NULL::text AS website
      FROM variants WHERE type <> 'person_location' OR char_length(value) BETWEEN 2 AND 200
      GROUP BY type, lower(value)
      UNION ALL
      -- one per company, not merged: two companies of one name are told apart by id and website
      SELECT 'company_name', name, coalesce(employee_count, 0), id, website FROM companies WHERE btrim(name) <> '')
  INSERT INTO search_suggestions (id, type, value, value_lower, count, company_id, website)
  SELECT row_number() OVER (ORDER BY type, count DESC, value, company_id), type, value, lower(value), count, company_id, website
  FROM merged`;

/**
 * Every tail of a value that starts at a word (`\m`: a letter or digit after a non-word
 * character) plus the whole value: "the query is a prefix of a tail" is "the query is a prefix of
 * the value or of one of its words", and a query of several words ("inside sa") keeps working.
 * Splitting at word starts gives pieces whose running length is each tail's start.
 */
const INSERT_WORDS = `
  INSERT INTO search_suggestion_words (type, tail, suggestion_id, first_word)
  SELECT type, left(substr(value_lower, start), ${TAIL_CHARS}), id, start = 1
  FROM (
    SELECT s.type, s.id, s.value_lower,
      1 + coalesce(sum(char_length(p.piece)) OVER (PARTITION BY s.id ORDER BY p.k ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::int AS start
    FROM search_suggestions s CROSS JOIN LATERAL regexp_split_to_table(s.value_lower, '\\m') WITH ORDINALITY AS p(piece, k)) w
  -- in the tail index's (byte) order: appending to the btree is cheaper than inserting all over it
  ORDER BY type, left(substr(value_lower, start), ${TAIL_CHARS}) COLLATE "C"`;

/**
 * Rebuilds the suggestion tables from people and companies inside the caller's transaction (a
 * migration's); outside one, use `refreshSuggestions`. Readers keep seeing the previous values
 * until the transaction commits.
 */
export async function rebuildSuggestions(q: SuggestionsQueryable): Promise<void> {
  // A second rebuild (two loads at once) waits for the first instead of colliding on ids; reads go on.
  await q.query('LOCK TABLE search_suggestions, search_suggestion_words IN EXCLUSIVE MODE');
  // Grouping a million people's titles and places fits in memory with this, and spills to disk without it.
  await q.query(`SET LOCAL work_mem = '64MB'`);
  // JIT would spend a quarter of a second compiling for row estimates far above the real counts.
  await q.query('SET LOCAL jit = off');
  await q.query('DELETE FROM search_suggestion_words');
  await q.query('DELETE FROM search_suggestions');
  const countries = suggestedCountries();
  await q.query(INSERT_SUGGESTIONS, [
    countries.codes,
    countries.names,
    JSON.stringify(regionSuggestions()),
    JSON.stringify(industrySuggestions()),
  ]);
  await q.query(INSERT_WORDS);
  await q.query('ANALYZE search_suggestions, search_suggestion_words');
}

/**
 * Rebuilds the suggestions in a transaction of its own (after a dataset load), then vacuums them:
 * lookups are index-only scans, which read the heap for every row until the visibility map is set.
 */
export async function refreshSuggestions(q: SuggestionsQueryable): Promise<void> {
  await q.query('BEGIN');
  try {
    await rebuildSuggestions(q);
    await q.query('COMMIT');
  } catch (error) {
    await q.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  await q.query('VACUUM search_suggestions, search_suggestion_words');
}
